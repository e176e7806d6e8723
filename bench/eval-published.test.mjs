import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectedTalks, importAccuracy, judgePublished } from './eval-published.mjs';

const FRAB = `<?xml version="1.0"?><schedule><conference><title>Test Congress</title><day_change>04:00</day_change></conference>
<day date="2030-12-27" index="1"><room name="Hall A">
<event id="7"><start>00:15</start><duration>01:00</duration><room>Hall A</room><title>Night Show</title><persons><person id="1">Ren&#233; Dupont</person></persons></event>
<event id="8"><start>11:30</start><duration>01:00</duration><room>Hall A</room><title>Keynote</title><persons><person id="2">Ada</person><person id="3">Bob</person></persons></event>
</room></day></schedule>`;

const SESSIONIZE = JSON.stringify({
  sessions: [{ id: '5', title: 'Testing Things', startsAt: '2030-03-17T13:30:00', roomId: 1, speakers: ['s1'] }],
  speakers: [{ id: 's1', firstName: 'Jo', lastName: 'Lee', fullName: 'Jo Lee' }],
  rooms: [{ id: 1, name: 'Main Hall' }],
});

describe('published programs: the eval reads each file on its own', () => {
  it('reads a frab schedule: the day it belongs to, its wall time, decoded names', () => {
    assert.deepEqual(expectedTalks({ format: 'frab' }, FRAB), [
      { id: '7', title: 'Night Show', day: 1, startTime: '12:15 AM', room: 'Hall A', speakers: ['René Dupont'] },
      { id: '8', title: 'Keynote', day: 1, startTime: '11:30 AM', room: 'Hall A', speakers: ['Ada', 'Bob'] },
    ]);
  });

  it('reads Sessionize All data: rooms and speakers by id, days from the conference start', () => {
    const spec = { format: 'sessionize', conference: { startDate: '2030-03-16' } };
    assert.deepEqual(expectedTalks(spec, SESSIONIZE), [
      { id: '5', title: 'Testing Things', day: 2, startTime: '1:30 PM', room: 'Main Hall', speakers: ['Jo Lee'] },
    ]);
  });

  it('counts a talk right only when its day, time, room and speakers all match', () => {
    const expected = expectedTalks({ format: 'frab' }, FRAB);
    const sessions = [
      { title: 'Night Show', day: 1, startTime: '12:15 AM', location: 'Hall A', speakers: ['René Dupont'] },
      { title: 'Keynote', day: 1, startTime: null, location: 'Hall A', speakers: ['Bob', 'Ada'] },
    ];
    const a = importAccuracy(expected, sessions);
    assert.equal(a.share.all, 0.5);
    assert.equal(a.share.speakers, 1);
    assert.deepEqual(a.wrong, ['Keynote: startTime']);
  });

  it('takes "not in the program" in the question\'s language, and fails an answer that names a session', () => {
    const q = { expect: 'not in the program' };
    assert.equal(judgePublished(q, [], { content: "« Rust » n'est pas au programme.", sources: [] }).pass, true);
    assert.equal(judgePublished(q, [], { content: 'The conference materials don’t cover this.', sources: [] }).pass, false);
    assert.equal(judgePublished(q, [], { content: 'Not in the program, but see **Keynote**.', sources: [] }).pass, false);
  });

  it("holds a question set of one language to answers in that language: its own 'not in the program', no English dates", () => {
    const none = { expect: 'not in the program' };
    assert.equal(judgePublished(none, [], { content: '„Rust” staat niet in het programma.', sources: [] }, 'nl').pass, true);
    assert.equal(judgePublished(none, [], { content: '“Rust” is not in the program.', sources: [] }, 'nl').pass, false);
    const q = { sessions: ['1'], expect: [['15:45', '3:45 PM']] };
    const sources = [{ kind: 'session', sessionTitle: 'Talk' }];
    assert.equal(judgePublished(q, ['Talk'], { content: '**Talk** — zaterdag 16 maart, 15:45, Yarra.', sources }, 'nl').pass, true);
    const english = judgePublished(q, ['Talk'], { content: '**Talk** — Saturday, March 16, 3:45 PM, Yarra.', sources }, 'nl');
    assert.deepEqual(english.missing, ['dates in English']);
    assert.equal(judgePublished(q, ['Talk'], { content: '**Talk** — Saturday, March 16, 3:45 PM, Yarra.', sources }).pass, true);
  });
});
