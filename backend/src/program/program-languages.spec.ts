import { programRecord, sundayTalks } from '../../test/fixtures/program-records';
import { mayNotCoverFor, notCoveredFor } from '../ai/generation/generation.types';
import { stem } from '../text/lang/stem';
import { ProgramAnswerer } from './program-answer';
import { ProgramIndex } from './program-index';
import { languageOf, parseQuestion, parseThread } from './program-query';

/** An invented program (Saturday Nov 2 and Sunday Nov 3, 2024, Rome time) written in English titles. */
const sut = new ProgramIndex(
  [
    ...sundayTalks(),
    programRecord({
      title: 'Sessioni di calcolo distribuito',
      speakers: ['Lucia Bianchi'],
      date: '2024-11-02T08:00:00Z',
      startTime: '9:00',
      endTime: '9:45',
      location: 'Aula 1',
    }),
  ],
  'Europe/Rome',
);
const answerer = new ProgramAnswerer(sut, new Date('2024-11-02T07:00:00Z'));
const answer = (...thread: string[]) => answerer.answer(parseThread(thread, sut), []);
const titles = (...thread: string[]) => answer(...thread).entries.map((e) => e.title);

describe('program questions in Italian, Portuguese and Dutch', () => {
  it('detects the language of the question', () => {
    expect(languageOf('Quando parla il relatore di Rust?')).toBe('it');
    expect(languageOf('Quem fala sobre Rust na palestra de domingo?')).toBe('pt');
    expect(languageOf('Wanneer is de lezing over Rust?')).toBe('nl');
    // 'à' is written in French and Italian: it counts for both, in part.
    expect(languageOf('Che consiglio dà la relatrice per migrare a uv?')).toBe('it');
    expect(languageOf("Où a lieu l'atelier à 15h ?")).toBe('fr');
    // The four languages before them keep their detection: program-questions.spec.ts.
  });

  it('answers when a session is, with the day written in the language of the question', () => {
    expect(titles("Quando c'è il talk su Rust?")).toEqual(['Rust for Pythonistas']);
    expect(answer("Quando c'è il talk su Rust?").text).toContain('domenica 3 novembre');
    expect(answer('Quando é a palestra sobre Rust?').text).toContain('domingo, 3 de novembro');
    expect(answer('Wanneer is de lezing over Rust?').text).toContain('zondag 3 november');
  });

  it('reads weekdays and clock times', () => {
    for (const q of [
      "Cosa c'è domenica alle 15?",
      'O que há no domingo às 15h?',
      'O que há na segunda-feira às 15h?',
      'Wat is er zondag om 15 uur?',
    ]) {
      expect(parseQuestion(q, sut).clock).toBe(15 * 60);
    }
    expect(parseQuestion("Cosa c'è domenica alle 15?", sut).weekdays).toEqual([0]);
    expect(parseQuestion('O que há no domingo às 15h?', sut).weekdays).toEqual([0]);
    expect(parseQuestion('O que há na segunda-feira às 15h?', sut).weekdays).toEqual([1]);
    expect(parseQuestion('Wat is er zondag om 15 uur?', sut).weekdays).toEqual([0]);
    // A Spanish ordinal is not the Portuguese Monday.
    expect(parseQuestion('¿Qué hay en la segunda sala?', sut).weekdays).toEqual([]);
    expect(titles('Wat is er zondag om 15 uur?')).toEqual(['Typing at Scale']);
  });

  it('says in the language of the question that a topic is not in the program', () => {
    expect(answer("C'è un talk sulla crittografia quantistica?").text).toContain('non è nel programma');
    expect(answer('Há uma palestra sobre criptografia quântica?').text).toContain('não está no programa');
    expect(answer('Is er een lezing over kwantumcryptografie?').text).toContain('staat niet in het programma');
  });

  it('does not take the verbs of asking for topics, and stems the words of the question in its language', () => {
    expect(parseQuestion('Chi parla di Rust?', sut).topic.map((t) => t.written)).toEqual(['Rust']);
    expect(parseQuestion('Quem fala sobre Rust?', sut).topic.map((t) => t.written)).toEqual(['Rust']);
    expect(parseQuestion('Wie spreekt over Rust?', sut).topic.map((t) => t.written)).toEqual(['Rust']);
    // A name's particle ('van') is no Dutch stop word to drop from the name asked.
    expect(answer('Which sessions does Guido van Rossum give?').text).toContain('“Guido van Rossum” is not in the program');
    expect(stem('sessione', 'it')).toBe(stem('sessioni', 'it'));
    expect(stem('palestras', 'pt')).toBe(stem('palestra', 'pt'));
    expect(stem('lezingen', 'nl')).toBe(stem('lezing', 'nl'));
    expect(titles('Chi parla della sessione di calcolo?')).toEqual(['Sessioni di calcolo distribuito']);
  });

  it("refuses and hedges in the question's language; a language it does not know gets the spec's English", () => {
    expect(notCoveredFor('Di cosa parla il relatore della sostenibilità?')).toBe(
      'I materiali della conferenza non trattano questo argomento.',
    );
    expect(notCoveredFor('O que a palestrante disse sobre sustentabilidade?')).toBe(
      'Os materiais da conferência não tratam deste assunto.',
    );
    expect(notCoveredFor('Wat zei de spreker over duurzaamheid?')).toBe('Het conferentiemateriaal behandelt dit onderwerp niet.');
    expect(mayNotCoverFor('Wat zei de spreker over duurzaamheid?')).toContain('misschien');
    expect(notCoveredFor('Vad sa talaren om hållbarhet?')).toBe("The conference materials don't cover this.");
    // A Swedish question: read with no stemmer of its own, answered with the English phrases.
    expect(parseQuestion('Vem talar om Rust?', sut).language).toBe('en');
    expect(answer('Vem talar om Rust?').text).toContain('is not in the program');
  });
});

describe('a compound word matched by its parts', () => {
  const program = new ProgramIndex(
    [
      programRecord({ title: 'Netze und Neutralität im Internet', speakers: ['Jonas Weber'], startTime: '10:00' }),
      programRecord({ title: 'Der Markt für Arbeit', speakers: ['Rike Vogel'], startTime: '11:00' }),
      programRecord({ title: 'Rust for Pythonistas', speakers: ['Ana Ruiz'], startTime: '12:00' }),
    ],
    'Europe/Berlin',
  );
  const found = (q: string) => new ProgramAnswerer(program, new Date('2024-11-02T08:00:00Z')).answer(parseThread([q], program), []);

  it("finds a German compound whose parts are words of the program ('Netzneutralität', 'Arbeitsmarkt' across the linking s)", () => {
    expect(found('Gibt es einen Vortrag über Netzneutralität?').entries.map((e) => e.title)).toEqual(['Netze und Neutralität im Internet']);
    expect(found('Wer spricht über den Arbeitsmarkt?').entries.map((e) => e.title)).toEqual(['Der Markt für Arbeit']);
  });

  it('does not split a word the program does not hold in parts', () => {
    expect(found('Gibt es einen Vortrag über Quantenkryptographie?').text).toContain('ist nicht im Programm');
  });

  it('answers whether it holds a word the same way when asked again, and a changed program by its own sessions', () => {
    expect([program.holds('markt'), program.holds('markt'), program.holds('quanten'), program.holds('quanten')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // The program once a session about quanta is added: a new index (the program index is rebuilt per content version).
    const changed = new ProgramIndex(
      [
        programRecord({ title: 'Quanten für alle', speakers: ['Ana Ruiz'], startTime: '13:00' }),
        programRecord({ title: 'Rust', startTime: '14:00' }),
      ],
      'Europe/Berlin',
    );
    expect([changed.holds('quanten'), changed.holds('markt')]).toEqual([true, false]);
    expect(program.holds('quanten')).toBe(false);
  });
});

describe('a question asking how long a session lasts', () => {
  const program = new ProgramIndex(
    [programRecord({ title: 'CI/CD avec Nox', speakers: ['Ana Ruiz'], startTime: '10:00', endTime: '11:00' })],
    'Europe/Paris',
  );

  it.each([
    'How long does the Nox workshop last?',
    "Combien de temps dure l'atelier sur Nox ?",
    'Wie lange dauert der Nox-Workshop?',
    '¿Cuánto dura el taller de Nox?',
    'Quanto dura il workshop su Nox?',
    'Quanto tempo dura a oficina de Nox?',
    'Hoe lang duurt de Nox workshop?',
  ])('%s: the words of asking how long are no topic', (q) => {
    expect(parseQuestion(q, program).topic.map((t) => t.written)).toEqual(['Nox']);
    expect(
      new ProgramAnswerer(program, new Date('2024-11-02T08:00:00Z')).answer(parseThread([q], program), []).entries.map((e) => e.title),
    ).toEqual(['CI/CD avec Nox']);
  });
});

describe('questions an attendee types in Dutch, Portuguese or Italian at a conference with English titles', () => {
  const program = new ProgramIndex(
    [
      ...sundayTalks(),
      programRecord({
        title: 'Choose your own pen-test adventure',
        speakers: ['Mia Jansen'],
        date: '2024-11-03T09:15:00Z',
        startTime: '10:15',
        endTime: '11:00',
        location: 'Aula 1',
        // An Italian description: 'ha' (has) is a word the program holds.
        description: 'Mia ha rotto molti siti web.',
      }),
      programRecord({
        title: 'Late night lightning talks',
        speakers: ['Mia Jansen'],
        date: '2024-11-03T22:00:00Z',
        startTime: '23:00',
        endTime: '0:00',
        location: 'Aula 1',
      }),
      programRecord({
        title: 'Evening keynote',
        speakers: ['Jonas Weber'],
        date: '2024-11-03T20:45:00Z',
        startTime: '21:45',
        endTime: '22:45',
        location: 'Aula 1',
      }),
    ],
    'Europe/Rome',
  );
  const ask = (...thread: string[]) =>
    new ProgramAnswerer(program, new Date('2024-11-02T08:00:00Z')).answer(parseThread(thread, program), []);
  const titlesOf = (...thread: string[]) => ask(...thread).entries.map((e) => e.title);

  it("answers in Dutch or Portuguese a question whose English look-alike words tie ('is', 'in', 'do', the borrowed 'talk')", () => {
    expect(parseQuestion('Waar is „Typing at Scale“?', program).language).toBe('nl');
    expect(languageOf('Wat is er zondagmiddag in Aula 1?')).toBe('nl');
    expect(languageOf('Wat is de laatste talk in de Aula 1?')).toBe('nl');
    expect(languageOf('Wie geeft de talk over Rust?')).toBe('nl');
    expect(languageOf('Quando é a palestra do Jonas Weber?')).toBe('pt');
    expect(ask('Wanneer is de talk van Ana Ruiz?').text).toContain('zondag 3 november');
    expect(ask('Quando é a palestra do Jonas Weber?').text).toContain('domingo, 3 de novembro');
    // English questions keep English.
    expect(languageOf('Is there a talk in Aula 1?')).toBe('en');
    expect(languageOf('When is the talk by Ana Ruiz?')).toBe('en');
    // 'conference' is a French marker too: English's own words outweigh it.
    expect(languageOf('How many conference papers were accepted so far?')).toBe('en');
  });

  it("reads a Dutch clock time written with a dot beside 'uur' or 'om', not a date written so", () => {
    expect(parseQuestion('Wat is er om 10.15 uur in zaal Aula 1?', program).clock).toBe(10 * 60 + 15);
    expect(parseQuestion('Wat is er om 10.15?', program).clock).toBe(10 * 60 + 15);
    expect(titlesOf('Wat is er om 10.15 uur in zaal Aula 1?')).toEqual(['Choose your own pen-test adventure']);
    expect(parseQuestion('Was läuft am 16.03?', program).clock).toBeNull();
  });

  it("does not take the Italian 'ha' (has) for a topic", () => {
    expect(parseQuestion('Che interventi ha Jonas Weber?', program).topic).toEqual([]);
    expect(titlesOf('Che interventi ha Jonas Weber?')).toEqual(['Typing at Scale', 'Evening keynote']);
  });

  it("finds a hyphenated title word written as one word ('pen-test' → 'pentesten')", () => {
    expect(titlesOf('Wie geeft de talk over pentesten?')).toEqual(['Choose your own pen-test adventure']);
    expect(ask('Wie geeft de talk over pentesten?').text).toContain('Mia Jansen');
  });

  it('asks a fact of nothing named of the previous session: "In welchem Saal?", "In which room?"', () => {
    expect(titlesOf('Wann ist der Vortrag von Ana Ruiz?', 'In welchem Raum?')).toEqual(['Rust for Pythonistas']);
    expect(titlesOf('When is the talk by Ana Ruiz?', 'In which room?')).toEqual(['Rust for Pythonistas']);
    expect(titlesOf('Quando é a palestra da Ana Ruiz?', 'A que horas?')).toEqual(['Rust for Pythonistas']);
  });

  it('takes a session ending after midnight for the last of its day', () => {
    expect(titlesOf("Qual è l'ultimo talk di domenica nella Aula 1?")).toEqual(['Late night lightning talks']);
    expect(titlesOf('What is the last talk on Sunday in Aula 1?')).toEqual(['Late night lightning talks']);
  });
});

describe("a program whose day runs past midnight (a frab schedule's day change)", () => {
  const program = new ProgramIndex(
    [
      programRecord({
        title: 'Opening talk',
        day: 1,
        date: '2011-12-27T10:30:00Z',
        startTime: '11:30',
        endTime: '12:30',
        location: 'Saal 1',
      }),
      programRecord({ title: 'Night quiz', day: 1, date: '2011-12-27T23:15:00Z', startTime: '0:15', endTime: '2:15', location: 'Saal 1' }),
      programRecord({
        title: 'Morning talk',
        day: 2,
        date: '2011-12-28T10:30:00Z',
        startTime: '11:30',
        endTime: '12:30',
        location: 'Saal 2',
      }),
    ],
    'Europe/Berlin',
  );
  const titlesOf = (q: string) =>
    new ProgramAnswerer(program, new Date('2011-12-26T08:00:00Z')).answer(parseThread([q], program), []).entries.map((e) => e.title);

  it("the first talk of a weekday is that day's own, not the previous day's night", () => {
    expect(titlesOf('¿Cuál es la primera charla del miércoles?')).toEqual(['Morning talk']);
    expect(titlesOf('What is the first talk on Wednesday?')).toEqual(['Morning talk']);
    // Asked by its time, the night session is found on the date it is held.
    expect(titlesOf('What is on on Wednesday at 0:15?')).toEqual(['Night quiz']);
  });
});
