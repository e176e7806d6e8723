import { programRecord, sundayTalks } from '../../test/fixtures/program-records';
import { ProgramAnswerer } from './program-answer';
import { ProgramIndex, type ProgramRecord } from './program-index';
import { languageOf, parseQuestion, parseThread } from './program-query';
import { kindOf } from './program.service';

const record = (over: Partial<ProgramRecord>) => programRecord(over);

/** An invented two-day program (Saturday Nov 2 and Sunday Nov 3, 2024, Paris time) with a lunch, rooms and a closing. */
const sut = new ProgramIndex(
  [
    ...sundayTalks(),
    record({
      title: 'Data Science with Polars',
      speakers: ['Chloé Martin'],
      tags: ['data science'],
      date: '2024-11-03T08:00:00Z',
      startTime: '9:00',
      endTime: '9:30',
      location: 'C03',
    }),
    record({
      title: 'Notebooks for Data Science Teams',
      speakers: ['Ana Ruiz'],
      date: '2024-11-03T14:00:00Z',
      startTime: '15:00',
      endTime: '15:30',
      location: 'C03',
    }),
    record({ title: 'Déjeuner', format: 'break', date: '2024-11-02T11:00:00Z', startTime: '12:00', endTime: '13:30', location: 'C06' }),
    record({
      title: 'Django Migrations Deep Dive',
      speakers: ['Jonas Weber'],
      date: '2024-11-02T12:30:00Z',
      startTime: '13:30',
      endTime: '14:00',
      location: 'C03',
    }),
    record({
      title: 'Credit Risk Models in Python',
      speakers: ['Chloé Martin'],
      date: '2024-11-02T09:00:00Z',
      startTime: '10:00',
      endTime: '10:30',
      location: 'C03',
    }),
    record({
      title: 'Syndication and Portfolio Sales',
      speakers: ['Ana Ruiz'],
      date: '2024-11-02T13:00:00Z',
      startTime: '14:00',
      endTime: '14:45',
      location: 'Larimer Room 2',
    }),
    record({
      title: 'Documentation for Developers',
      speakers: ['Shaw Innes'],
      date: '2024-11-02T15:00:00Z',
      startTime: '16:00',
      endTime: '16:45',
      location: 'Supper (top)',
    }),
    record({ title: 'Clôture', format: 'keynote', date: '2024-11-03T16:00:00Z', startTime: '17:00', endTime: '17:30', location: 'PAM' }),
  ],
  'Europe/Paris',
);
const kind = (q: string) => kindOf(parseQuestion(q, sut), []);
const topic = (q: string) => parseQuestion(q, sut).topic.map((t) => t.written);
/** Saturday Nov 2, 2024, 11:00 in Paris. */
const answerer = new ProgramAnswerer(sut, new Date('2024-11-02T10:00:00Z'));
const answer = (...thread: string[]) => answerer.answer(parseThread(thread, sut), []);
const titles = (...thread: string[]) => answer(...thread).entries.map((e) => e.title);

describe('program questions on a program the rules were not written for', () => {
  it('parses a follow-up on its own: a new topic does not carry the previous room', () => {
    const q = parseThread(["Qu'est-ce qui passe en salle PAM dimanche à 15h ?", 'Is there a talk about Rust?'], sut);
    expect(q.topic.map((t) => t.written)).toEqual(['Rust']);
    expect(q.rooms).toEqual([]);
    expect(titles("Qu'est-ce qui passe en salle PAM dimanche à 15h ?", 'Is there a talk about Rust?')).toEqual(['Rust for Pythonistas']);
  });

  it('a follow-up inherits only what it points back to ("there", "it", "her next talk")', () => {
    expect(parseThread(['What is in room PAM on Sunday?', "What's on there at 3 PM?"], sut).rooms.map((r) => r.name)).toEqual(['PAM']);
    expect(titles('Is there a talk about Rust?', 'Where is it?')).toEqual(['Rust for Pythonistas']);
    expect(titles('Wann ist der Vortrag über Rust?', 'Und wo ist er?')).toEqual(['Rust for Pythonistas']);
    expect(answer('Who gives the Rust talk?', 'When is her next talk?').text).toContain('Notebooks for Data Science Teams');
  });

  it('does not take French, Spanish or German verbs for topics', () => {
    expect(topic("Qu'est-ce qui passe en salle PAM dimanche à 15h ?")).toEqual([]);
    expect(titles("Qu'est-ce qui passe en salle PAM dimanche à 15h ?")).toEqual(['Typing at Scale']);
    expect(topic('Qui parle de la titrisation ?')).toEqual(['titrisation']);
    expect(topic('¿Quién habla de Rust?')).toEqual(['Rust']);
    expect(topic('Wer spricht über Rust?')).toEqual(['Rust']);
    expect(titles('¿Quién habla de Rust?')).toEqual(['Rust for Pythonistas']);
  });

  it('does not take "someone" for a topic in any language', () => {
    expect(topic('When does someone talk about Rust?')).toEqual(['Rust']);
    expect(topic('Is anybody speaking about Rust?')).toEqual(['Rust']);
    expect(topic("Est-ce que quelqu'un parle de Rust ?")).toEqual(['Rust']);
    expect(topic('Wann spricht jemand über Rust?')).toEqual(['Rust']);
    expect(topic('¿Cuándo habla alguien de Rust?')).toEqual(['Rust']);
    expect(titles('Wann spricht jemand über Rust?')).toEqual(['Rust for Pythonistas']);
  });

  it('matches a word of another language to the program when they share their beginning (folding and stemming, no word list)', () => {
    expect(titles('Wer spricht über Migrationen?')).toEqual(['Django Migrations Deep Dive']);
    expect(answer('Y a-t-il un talk sur la titrisation ?').text).toContain("« titrisation » n'est pas au programme");
  });

  it("finds a session whose title writes the question's word in another form, by the stemmer of the question's language", () => {
    const program = new ProgramIndex(
      [
        record({ title: 'Chevaux de Troie', speakers: ['Léa Martin'], startTime: '10:00' }),
        record({ title: 'Redes y nubes', speakers: ['Ana Ruiz'], startTime: '11:00' }),
        record({ title: 'Bücher für Entwickler', speakers: ['Jonas Weber'], startTime: '12:00' }),
        record({ title: 'Django Migrations Deep Dive', speakers: ['Shaw Innes'], startTime: '13:00' }),
      ],
      'Europe/Paris',
    );
    const found = (q: string) => new ProgramAnswerer(program, new Date('2024-11-02T08:00:00Z')).answer(parseThread([q], program), []);
    expect(found('Qui parle du cheval ?').entries.map((e) => e.title)).toEqual(['Chevaux de Troie']);
    expect(found('¿Quién habla de la red?').entries.map((e) => e.title)).toEqual(['Redes y nubes']);
    expect(found('Wer spricht über das Buch?').entries.map((e) => e.title)).toEqual(['Bücher für Entwickler']);
    expect(found('Wer spricht über Migrationen?').entries.map((e) => e.title)).toEqual(['Django Migrations Deep Dive']);
    expect(found('Who talks about the migration?').entries.map((e) => e.title)).toEqual(['Django Migrations Deep Dive']);
  });

  it('detects English, French, German and Spanish', () => {
    expect(languageOf('Quels talks parlent de Django ?')).toBe('fr');
    expect(languageOf('¿Cuándo es la charla sobre Rust?')).toBe('es');
    expect(languageOf('Wann beginnt der Vortrag über Rust?')).toBe('de');
    expect(languageOf('Is there a talk about Rust?')).toBe('en');
    // A title quoted in another language does not make the question French.
    expect(
      parseQuestion(
        'When is Le duo comique accélère une suite de tests?',
        new ProgramIndex([record({ title: 'Le duo comique accélère une suite de tests' })], 'Europe/Paris'),
      ).language,
    ).toBe('en');
  });

  it('answers in the language of the question, with the fixed phrases of that language', () => {
    expect(answer('Quels talks parlent de Django ?').text).toContain('samedi 2 novembre');
    expect(answer('Is there a talk about quantum cryptography?').text).toContain('“quantum cryptography” is not in the program');
    expect(answer('Y a-t-il un talk sur la cryptographie quantique ?').text).toContain("n'est pas au programme");
    expect(answer('Gibt es einen Vortrag über Quantenkryptographie?').text).toContain('ist nicht im Programm');
    expect(answer('¿Hay una charla sobre criptografía cuántica?').text).toContain('no está en el programa');
    expect(answer('¿Cuándo es la charla sobre Rust?').text).toContain('domingo 3 de noviembre');
  });

  it('reads clock times in every usual format', () => {
    for (const q of [
      'What is on at 3 PM on Sunday?',
      'Qu’est-ce qui passe dimanche à 15h ?',
      'Was läuft am Sonntag um 15 Uhr?',
      '¿Qué hay el domingo a las 15:00?',
    ]) {
      expect(parseQuestion(q, sut).clock).toBe(15 * 60);
      expect(parseQuestion(q, sut).weekdays).toEqual([0]);
      expect(kind(q)).toBe('program');
    }
    expect(titles('What is on at 3 PM on Sunday in room C03?')).toEqual(['Notebooks for Data Science Teams']);
  });

  it("reads 'take place' as asking, and a weekday and a part of the day written as one word", () => {
    const saturdayAfternoon = [
      'Déjeuner',
      'Django Migrations Deep Dive',
      'Syndication and Portfolio Sales',
      'Documentation for Developers',
    ];
    expect(titles('Quelles sessions ont lieu samedi après-midi ?')).toEqual(saturdayAfternoon);
    expect(titles('Welche Vorträge finden am Samstagnachmittag statt?')).toEqual(saturdayAfternoon);
    expect(titles('Which talks take place on Saturday afternoon?')).toEqual(saturdayAfternoon);
    expect(parseQuestion('Was läuft am Sonntagvormittag?', sut).weekdays).toEqual([0]);
    expect(parseQuestion('Was läuft am Sonntagvormittag?', sut).partOfDay).toEqual([0, 12 * 60]);
  });

  it('matches the program’s own words first: a closing, a title given in part', () => {
    expect(kind('À quelle heure est la clôture ?')).toBe('program');
    expect(titles('À quelle heure est la clôture ?')).toEqual(['Clôture']);
    expect(kind('When is Syndication and Portfolio Sales?')).toBe('program');
    expect(titles('When is Syndication and Portfolio Sales?')).toEqual(['Syndication and Portfolio Sales']);
    expect(titles('When is the portfolio sales one?')).toEqual(['Syndication and Portfolio Sales']);
  });

  it('"next after" a named session is the session after it, even once the conference is over', () => {
    const later = new ProgramAnswerer(sut, new Date('2024-12-01T10:00:00Z'));
    const reply = later.answer(parseThread(['What is the next talk after Rust for Pythonistas?'], sut), []);
    expect(reply.entries.map((e) => e.title)).toContain('Typing at Scale');
  });

  it('"after lunch" starts at the end of the program’s own lunch, in the room asked', () => {
    expect(kind('What is in room C03 after lunch on Saturday?')).toBe('program');
    expect(titles('What is in room C03 after lunch on Saturday?')).toEqual(['Django Migrations Deep Dive']);
    expect(answer('What is in room C03 after lunch on Saturday?').text).toContain(
      'After **Déjeuner** (Saturday, Nov 2, 12:00 PM – 1:30 PM, room C06), in room C03:',
    );
  });

  it('plans a day, an afternoon, around a topic', () => {
    for (const q of ['Plan my day on Sunday around data science', 'Plan my day around credit risk', 'Plan my afternoon on November 3']) {
      expect(kind(q)).toBe('program');
    }
    expect(titles('Plan my day on Sunday around data science')).toEqual(['Data Science with Polars', 'Notebooks for Data Science Teams']);
    expect(titles('Plan my day around credit risk')).toEqual(['Credit Risk Models in Python']);
    expect(titles('Plan my afternoon on November 3')).toEqual(['Rust for Pythonistas', 'Notebooks for Data Science Teams', 'Clôture']);
    expect(titles('Plan my afternoon on November 3')).not.toContain('Data Science with Polars');
  });

  it('"what’s next?" reads the conference clock', () => {
    expect(kind("What's next?")).toBe('program');
    expect(answer("What's next?").text).toContain('Déjeuner');
    expect(kind('¿Qué sigue?')).toBe('program');
  });

  it('a room that does not exist: says no session is there, invents nothing', () => {
    expect(kind('What is in Larimer Room 3?')).toBe('program');
    const none = answer('What is in Larimer Room 3?');
    expect(none.text).toBe('There is no session in Larimer Room 3.');
    expect(none.entries).toEqual([]);
    expect(answer("Qu'est-ce qui se passe en salle Z99 ?").text).toBe("Il n'y a aucune session en salle Z99.");
    expect(titles('What is in room C-03 after lunch on Saturday?')).toEqual(['Django Migrations Deep Dive']);
  });

  it('a room named without what its name adds in brackets ("the Supper room" for "Supper (top)")', () => {
    expect(titles('What is on in the Supper room on Saturday at 4 PM?')).toEqual(['Documentation for Developers']);
    expect(parseQuestion('What is on in the Supper room?', sut).unknownRoom).toBeNull();
    // A common word is a room only where it is written as a name or beside a room noun.
    expect(parseQuestion("What's for supper on Saturday?", sut).rooms).toEqual([]);
  });

  it('a title quoted whole in a question of another language is the session, and the question verb no topic', () => {
    expect(titles('Où se déroule la session Documentation for Developers ?')).toEqual(['Documentation for Developers']);
    expect(answer('Où se déroule la session Documentation for Developers ?').text).toContain('Supper (top)');
  });

  it('"at that time" takes the time of the session the answer before was about', () => {
    expect(titles('When is Typing at Scale?', 'What else is on at that time?')).toEqual(['Notebooks for Data Science Teams']);
    expect(titles('Quand a lieu Typing at Scale ?', 'Et quoi d’autre à la même heure ?')).toEqual(['Notebooks for Data Science Teams']);
  });

  it('a session that ends at midnight runs until then, beside the others of its hour', () => {
    const night = new ProgramIndex(
      [
        record({ title: 'Sovereign Keys', date: '2030-12-29T22:00:00Z', startTime: '23:00', endTime: '00:00', location: 'Saal 3' }),
        record({ title: 'Year in Review', date: '2030-12-29T22:00:00Z', startTime: '23:00', endTime: '00:00', location: 'Saal 1' }),
      ],
      'Europe/Berlin',
    );
    const late = new ProgramAnswerer(night, new Date('2030-12-29T12:00:00Z'));
    const entries = late.answer(parseThread(['When is Sovereign Keys?', 'What else is on at that time?'], night), []).entries;
    expect(entries.map((e) => e.title)).toEqual(['Year in Review']);
  });

  it('a talk of a kind the program has none of, on a subject it does not cover: not in the program', () => {
    expect(kind('When is the Kubernetes workshop?')).toBe('program');
    expect(answer('When is the Kubernetes workshop?').text).toContain('is not in the program');
  });

  it('a topic whose words are in the program but in no one session: the sessions holding part of it, said as such', () => {
    // 'Credit Risk Models in Python' holds credit, 'Data Science with Polars' and 'Notebooks for Data Science Teams' hold data science.
    const reply = answer('Is there a session on credit data?');
    expect(reply.notInProgram).toBe(false);
    expect(reply.text).toContain('No session covers “credit data” as a whole; these sessions hold part of it:');
    expect(reply.entries.map((e) => e.title)).toContain('Credit Risk Models in Python');
    expect(reply.text).toContain('[Session: Credit Risk Models in Python]');
    // A word no session holds keeps the refusal.
    expect(answer('Is there a session on credit blockchains?').text).toContain('is not in the program');
  });
});

describe('a program without lunch or keynotes (one day, every session of one kind)', () => {
  const day = new ProgramIndex(
    [
      record({
        title: 'GitOps Today',
        description: 'Bring your questions to lunch.',
        speakers: ['Ada Byron'],
        date: '2024-03-16T00:15:00Z',
        startTime: '10:15',
        endTime: '11:00',
        location: 'Supper',
      }),
      record({
        title: 'Coding your Career',
        speakers: ['Cy Dee'],
        date: '2024-03-16T01:15:00Z',
        startTime: '11:15',
        endTime: '12:00',
        location: 'Ballroom',
      }),
      record({
        title: 'Afternoon Rust',
        speakers: ['Gil Ho'],
        date: '2024-03-16T03:30:00Z',
        startTime: '13:30',
        endTime: '14:15',
        location: 'Ballroom',
      }),
      record({
        title: 'Testing with AI',
        speakers: ['Ivy Jo'],
        date: '2024-03-16T04:30:00Z',
        startTime: '14:30',
        endTime: '15:15',
        location: 'Ballroom',
      }),
    ],
    'Australia/Melbourne',
  );
  const ask = (q: string, index = day) => new ProgramAnswerer(index, new Date('2024-03-15T20:00:00Z')).answer(parseThread([q], index), []);

  it('"after lunch" is the afternoon when the program has no lunch', () => {
    expect(ask("What's on in the Ballroom after lunch?").entries.map((e) => e.title)).toEqual(['Afternoon Rust', 'Testing with AI']);
  });

  it('a keynote asked of a program without one is not in the program; one titled so is found by its title', () => {
    const reply = ask('Who gives the keynote?');
    expect(reply.text).toContain('“keynote” is not in the program');
    expect(reply.entries).toEqual([]);
    const titled = new ProgramIndex(
      [
        ...day.entries.map((e) => record({ title: e.title, location: e.location ?? undefined })),
        record({ title: 'Closing Keynote: Ten Years of DDD', speakers: ['Kim Lo'] }),
      ],
      'Australia/Melbourne',
    );
    expect(ask('Who gives the keynote?', titled).entries.map((e) => e.title)).toEqual(['Closing Keynote: Ten Years of DDD']);
  });

  it('the first and the last session, when the conference starts and ends, in any of the languages', () => {
    const titles = (q: string) => ask(q).entries.map((e) => e.title);
    expect(titles('What is the first session?')).toEqual(['GitOps Today']);
    expect(titles('When does the conference start?')).toEqual(['GitOps Today']);
    expect(titles('When does the conference end?')).toEqual(['Testing with AI']);
    expect(titles('What is the last talk in the Ballroom?')).toEqual(['Testing with AI']);
    expect(titles('Quelle est la dernière session ?')).toEqual(['Testing with AI']);
    expect(titles('Was ist der erste Vortrag?')).toEqual(['GitOps Today']);
    expect(ask('When does the conference end?').text).toContain('3:15 PM');
    // 'the first day' is a day, not the first session.
    expect(answer('What is on the first day?').entries.length).toBeGreaterThan(1);
  });

  it('passes over meals and breaks for the first or last talk, unless they are asked for', () => {
    const at = (title: string, hour: string, start: string, end: string) =>
      record({ title, date: `2025-11-02T${hour}:00Z`, startTime: start, endTime: end, location: 'B003' });
    const sunday = new ProgramIndex(
      [
        at('Breakfast', '07:30', '8:30', '8:50'),
        at('Python packaging in 2025', '07:50', '8:50', '9:35'),
        at('Déjeuner PyLadies / PyLadies Lunch', '12:00', '13:00', '14:00'),
        at('Typing the untypable', '14:00', '15:00', '15:45'),
        at('Snack Time', '15:00', '16:00', '16:30'),
      ],
      'Europe/Paris',
    );
    const titles = (q: string) => ask(q, sunday).entries.map((e) => e.title);
    expect(titles('Quel est le premier talk dimanche ?')).toEqual(['Python packaging in 2025']);
    expect(titles('What is the first session on Sunday?')).toEqual(['Python packaging in 2025']);
    expect(titles('What is the last talk on Sunday?')).toEqual(['Typing the untypable']);
    expect(titles('When is breakfast on Sunday?')).toEqual(['Breakfast']);
  });

  it('"cover" asks, it is not a topic', () => {
    expect(ask('Which sessions cover AI and testing?').entries.map((e) => e.title)).toEqual(['Testing with AI']);
  });
});
