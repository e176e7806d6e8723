import { programRecord } from '../../test/fixtures/program-records';
import { ProgramIndex, type ProgramRecord } from './program-index';
import { languageOf, parseQuestion } from './program-query';
import { fold } from './program-text';
import { kindOf } from './program.service';

const record = (over: Partial<ProgramRecord>) => programRecord(over);

const index = new ProgramIndex(
  [
    record({
      title: 'Ledger Design Patterns',
      speakers: ['Yolanda Price, CFO'],
      date: '2025-09-09T15:00:00Z',
      startTime: '9:00 AM',
      location: 'Hall A',
    }),
    record({
      title: 'Pricing Models',
      format: 'workshop',
      speakers: ['Aivars Kalvāns'],
      location: 'B316',
      date: '2025-09-08T17:00:00Z',
      startTime: '11:00 AM',
    }),
  ],
  'America/Denver',
);
const kind = (q: string, selected: string[] = []) => kindOf(parseQuestion(q, index), selected);

describe('reading a question against the program', () => {
  it('folds accents for matching', () => {
    expect(fold('Kalvāns Élégants Ærø')).toBe('kalvans elegants aero');
    expect(parseQuestion('Which talks does Aivars Kalvans give?', index).speakers.map((s) => s.name)).toEqual(['Aivars Kalvāns']);
  });

  it('answers program questions from the program', () => {
    expect(kind('When is the pricing workshop?')).toBe('program');
    expect(kind('Where is room B316?')).toBe('program');
    expect(kind('Who is speaking on day 2?')).toBe('program');
    expect(kind('Qui parle le deuxième jour ?')).toBe('program');
    expect(kind('Which sessions should I attend about ledgers?')).toBe('program');
    expect(kind('When and where is this session?', ['a'])).toBe('program');
  });

  it('leaves document questions to the documents, even with "when" as a conjunction or a surname that is a word', () => {
    expect(kind('What did the minister think about budgets when talking about security?')).toBe('none');
    expect(kind('Who won the golf tournament on Tuesday?')).toBe('none');
    expect(kind('What did Marketing recommend to do when discussing new features?')).toBe('none');
    expect(kind('What is the price of the lease?')).toBe('none');
    expect(parseQuestion('What is the price of the lease?', index).speakers).toEqual([]);
  });

  it('combines what was said with when it is', () => {
    expect(kind('What did the workshop speaker say about pricing, and when is her next talk?')).toBe('combined');
  });

  it('reads days, dates, clock times and parts of the day in English and French', () => {
    const q = parseQuestion('What starts at 3:30 PM on Sept 9 in the afternoon?', index);
    expect([q.clock, q.dates, q.partOfDay]).toEqual([15 * 60 + 30, [[9, 9]], [12 * 60, 18 * 60]]);
    const fr = parseQuestion("Qu'est-ce qui commence à 14h30 le mardi après-midi ?", index);
    expect([fr.clock, fr.weekdays, fr.partOfDay]).toEqual([14 * 60 + 30, [2], [12 * 60, 18 * 60]]);
    expect(languageOf("Quand a lieu l'atelier ?")).toBe('fr');
    expect(languageOf('When is the workshop?')).toBe('en');
  });
});
