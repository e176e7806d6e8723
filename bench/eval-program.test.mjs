// Unit tests of the program eval's day translation (`node --test bench/*.test.mjs`): the raw pretalx export keeps
// its real dates, the questions were written against the import file's moved dates.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dayMapping,
  DETAIL_FILE,
  pretalxDates,
  renderDetail,
  renderProgramSection,
  translateDays,
  translateQuestion,
} from './eval-program.mjs';

const talk = (code, title, start) => ({ code, title, slots: [{ start }] });
/** A pretalx talk listing: date → minute → room → talk. */
const listing = {
  schedule: {
    '2024-03-16': {
      540: { 1: talk('AAA111', 'Opening', '2024-03-16T09:00:00+01:00') },
      600: { 2: talk('BBB222', 'Parsers', '2024-03-16T10:00:00+01:00') },
    },
    '2024-03-17': { 540: { 1: talk('CCC333', 'Closing', '2024-03-17T09:00:00+01:00') } },
  },
};
const codes = { AAA111: 'Opening', BBB222: 'Parsers', CCC333: 'Closing' };
/** The same sessions moved onto a Monday and a Tuesday in another offset, as the import file does. */
const moved = [
  { title: 'Opening', date: '2025-09-08T09:00:00-06:00' },
  { title: 'Parsers', date: '2025-09-08T10:00:00-06:00' },
  { title: 'Closing', date: '2025-09-09T09:00:00-06:00' },
];

describe('dayMapping', () => {
  it("maps each import-file date to the export's date of the same sessions, joined by pretalx code", () => {
    assert.deepEqual(
      pretalxDates(listing),
      new Map([
        ['AAA111', '2024-03-16'],
        ['BBB222', '2024-03-16'],
        ['CCC333', '2024-03-17'],
      ]),
    );
    const { map, matched } = dayMapping(moved, listing, codes);
    assert.deepEqual(
      [...map],
      [
        ['2025-09-08', '2024-03-16'],
        ['2025-09-09', '2024-03-17'],
      ],
    );
    assert.equal(matched, 3);
  });

  it('matches titles whatever their spaces, and skips a code the import file lacks', () => {
    const { map, matched } = dayMapping([{ title: 'Opening\u202f', date: '2025-09-08T09:00:00-06:00' }], listing, codes);
    assert.deepEqual([...map], [['2025-09-08', '2024-03-16']]);
    assert.equal(matched, 1);
  });

  it('refuses an import date holding sessions of two export dates (not a move by whole days)', () => {
    const mixed = moved.map((s) => ({ ...s, date: '2025-09-08T09:00:00-06:00' }));
    assert.throws(() => dayMapping(mixed, listing, codes), /2025-09-08 holds sessions of 2024-03-16 and 2024-03-17/);
  });
});

describe('translateDays', () => {
  const map = new Map([
    ['2025-09-08', '2024-03-16'],
    ['2025-09-09', '2024-03-17'],
  ]);

  it('moves weekday names and month-day dates, keeping the case of a weekday', () => {
    assert.equal(translateDays('What is on in room 4 on Tuesday morning?', map), 'What is on in room 4 on Sunday morning?');
    assert.equal(translateDays('on monday, Sept 8 or Sept. 9', map), 'on saturday, Mar 16 or Mar 17');
    assert.equal(translateDays('September 9', map, true), 'March 17');
  });

  it("leaves 'Day 1', 'today', other weekdays, other dates and times as they are", () => {
    const text = 'Day 1 today at 10:30 on Friday, Sept 12, room B316';
    assert.equal(translateDays(text, map), text);
  });

  it('moves every day at once, never a day already moved (Monday → Tuesday, Tuesday → Wednesday)', () => {
    const shift = new Map([
      ['2025-09-08', '2025-09-09'],
      ['2025-09-09', '2025-09-10'],
    ]);
    assert.equal(translateDays('Monday and Tuesday', shift), 'Tuesday and Wednesday');
  });
});

describe('translateQuestion', () => {
  it("gives each expected day fact the export's spellings and keeps the other facts", () => {
    const map = new Map([['2025-09-08', '2024-03-16']]);
    const q = { id: 'q', question: 'Which talks are on Monday?', sessions: ['AAA111'], expect: [['9:00'], ['Monday', 'Sept 8', 'Day 1']] };
    assert.deepEqual(translateQuestion(q, map), {
      ...q,
      question: 'Which talks are on Saturday?',
      expect: [['9:00'], ['Saturday', 'Mar 16', 'March 16', 'Day 1']],
    });
    const uncovered = { id: 'u', question: 'When is the Monday talk about knitting?', expect: 'not in the program' };
    assert.equal(translateQuestion(uncovered, map).expect, 'not in the program');
  });
});

it("the record's program section names the per-question file and lists only the failed questions", () => {
  const rows = Array.from({ length: 90 }, (_, i) => ({
    set: 'dev',
    question: `Q${i}?`,
    pass: i !== 7,
    missing: i === 7 ? ['Room B'] : [],
  }));
  const figures = { dev: { answered: 89 / 90, answerable: 90, uncovered: 1, uncoveredCount: 0 } };
  const summary = { p50: 20, p95: 50, count: 270, load: 1 };
  const md = renderProgramSection({ started: new Date('2026-11-28T07:00:00Z'), subset: false, figures, rows, summary });
  assert.match(md, /Per question \(90 questions, 1 failed, listed below\): `test-results\/eval-program-detail\.md`/);
  assert.match(md, /^- dev: Q7\? — FAIL: Room B$/m);
  assert.doesNotMatch(md, /Q8\?/);
  assert.ok(md.split('\n').length < 30);
  assert.equal(
    renderDetail(rows, new Date())
      .split('\n')
      .filter((l) => l.startsWith('| dev |')).length,
    90,
  );
  assert.ok(DETAIL_FILE.endsWith('eval-program-detail.md'));
});
