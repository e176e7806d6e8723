import { LANGUAGES } from '../../../text/lang';
import {
  asksAttendees,
  asksOpen,
  asksWhat,
  dateOrTime,
  extractFact,
  factKind,
  nameRuns,
  newNames,
  ownFact,
  quantity,
  statesReply,
} from './short-fact';

describe('short facts: the kind of fact a question asks for', () => {
  it('reads who, when, where and how many from the language layer, in each language', () => {
    expect(factKind('Who is in charge of preparing the corpus?')).toBe('who');
    expect(factKind('When will the annotation be finished?')).toBe('when');
    expect(factKind('What time does the review start?')).toBe('when');
    expect(factKind('Where will the workshop take place?')).toBe('where');
    expect(factKind('How many subsets will there be?')).toBe('howMany');
    expect(factKind('About the shared task, who should send the e-mail?')).toBe('who');
    expect(factKind('Qui prépare le corpus ?')).toBe('who');
    expect(factKind('Wann beginnt die Überprüfung?')).toBe('when');
    expect(factKind('¿Cuántos subconjuntos habrá?')).toBe('howMany');
    expect(factKind('Combien de participants étaient présents ?')).toBe('howMany');
  });

  it('asks no short fact of a summary, a reason or a question word deep in a clause', () => {
    expect(factKind('Summarize the discussion about the budget')).toBeNull();
    expect(factKind('Why are the two teams merged?')).toBeNull();
    expect(factKind('What did the designer say about the remote when the budget came up?')).toBeNull();
  });
});

describe('short facts: what or which thing', () => {
  it('reads a what / which question from the language layer, and not a who / when one nor a question word deep in it', () => {
    expect(asksWhat('What is the collaborative editor used for the deliverable documents?')).toBe(true);
    expect(asksWhat('Which conference was planned in [LOCATION7]?')).toBe(true);
    expect(asksWhat('About the shared task, which venue was chosen?')).toBe(true);
    expect(asksWhat('Quel outil a été choisi ?')).toBe(true);
    expect(asksWhat('Welches Werkzeug wurde gewählt?')).toBe(true);
    expect(asksWhat('What time does the review start?')).toBe(false);
    expect(asksWhat('Why did the team choose the editor that we use?')).toBe(false);
  });

  it("names a sentence holds that the question does not, a day or the question's own names left out", () => {
    const question = 'Which editor does [PERSON3] use for the deliverable?';
    expect(newNames('PERSON7 said [PERSON3] writes the deliverable in Overleaf on Monday.', question)).toEqual(['PERSON7', 'Overleaf']);
    expect(newNames('We will write it there, [PERSON3] agreed.', question)).toEqual([]);
  });
});

describe('short facts: who took part', () => {
  it('reads a who question about the participants in each language', () => {
    expect(asksAttendees('Who were the participants of the meeting?')).toBe(true);
    expect(asksAttendees('Who attended the meeting?')).toBe(true);
    expect(asksAttendees('Who was there?')).toBe(true);
    expect(asksAttendees('Qui a participé à la réunion ?')).toBe(true);
    expect(asksAttendees('Wer hat an der Sitzung teilgenommen?')).toBe(true);
    expect(asksAttendees('¿Quiénes asistieron a la reunión?')).toBe(true);
  });

  it('is not any other who question, nor a participants question that asks no one', () => {
    expect(asksAttendees('Who will prepare the corpus?')).toBe(false);
    expect(asksAttendees('Who left the meeting before the end?')).toBe(false);
    expect(asksAttendees('How many participants are expected at the fair?')).toBe(false);
  });
});

describe('short facts: the fact found by its form', () => {
  const en = LANGUAGES.en;

  it('finds names: capitalised runs and anonymised tags, not a function word or a sentence opener', () => {
    expect(nameRuns('I think Dana Whitfield will prepare it with [PERSON6].', en)).toEqual(['Dana Whitfield', 'PERSON6']);
    expect(nameRuns('Yes, the corpus is ready.', en)).toEqual([]);
    expect(nameRuns('So the next meeting would be on Tuesday in March.', en)).toEqual([]);
    expect(nameRuns('The University of Vienna hosts it.', en)).toEqual(['University of Vienna']);
  });

  it("reads a sentence's names once per text and language: the same names again, a changed sentence's own", () => {
    const text = 'Then Dana Whitfield met Omar Haddad in Vienna.';
    const first = nameRuns(text, en);
    expect(first).toEqual(['Dana Whitfield', 'Omar Haddad', 'Vienna']);
    expect(nameRuns(text, en)).toEqual(first);
    expect(newNames(text, 'What did Dana Whitfield plan?')).toEqual(['Omar Haddad', 'Vienna']);
    // The same sentence with one name changed, read after it: its own names, not the kept ones.
    expect(nameRuns('Then Dana Whitfield met Lena Berg in Vienna.', en)).toEqual(['Dana Whitfield', 'Lena Berg', 'Vienna']);
    expect(newNames('Then Dana Whitfield met Lena Berg in Vienna.', 'What did Dana Whitfield plan?')).toEqual(['Lena Berg', 'Vienna']);
    // Per language: a word that is a function word in one language and a name in another is read by each.
    expect(nameRuns('Sehen Sie Die Zeit.', LANGUAGES.de)).not.toEqual(nameRuns('Sehen Sie Die Zeit.', en));
  });

  it('answers who with a name the sentence gives, else its speaker, never a name the question already holds', () => {
    const q = 'Who should try sending an e-mail to [PERSON8]?';
    expect(extractFact('who', { text: '[PERSON3] should write to [PERSON8] this week.', speaker: 'PERSON10' }, q)).toBe('PERSON3');
    expect(extractFact('who', { text: 'I will write to [PERSON8] tomorrow.', speaker: 'PERSON3' }, q)).toBe('PERSON3');
    expect(extractFact('who', { text: 'I will write to [PERSON8] tomorrow.', speaker: null }, q)).toBeNull();
  });

  it('takes a who fact from the sentence itself: a name it gives, or its speaker when the speaker speaks of themself', () => {
    const q = 'Who will prepare the corpus for the shared task?';
    expect(ownFact('who', { text: 'I will prepare the corpus for the shared task.', speaker: 'PERSON6' }, q)).toBe('PERSON6');
    expect(ownFact('who', { text: 'Je vais préparer le corpus.', speaker: 'PERSON2' }, 'Qui prépare le corpus ?')).toBe('PERSON2');
    expect(ownFact('who', { text: 'Ich bereite den Korpus vor.', speaker: 'PERSON5' }, 'Wer bereitet den Korpus vor?')).toBe('PERSON5');
    expect(ownFact('who', { text: '[PERSON3] will prepare the corpus.', speaker: 'PERSON6' }, q)).toBe('PERSON3');
    // The speaker of a sentence about the task, not about themself, is not who does it.
    expect(ownFact('who', { text: 'The corpus for the shared task must be prepared soon.', speaker: 'PERSON4' }, q)).toBeNull();
    expect(ownFact('when', { text: 'The corpus is due on June 15th.', speaker: 'PERSON4' }, 'When is the corpus due?')).toBe('June 15th');
  });

  it('reads no name in a word said between others, no date in a month that is a function word, no count in a stray "one"', () => {
    expect(nameRuns('Some deliverables have not- Yeah, well, started yet.', en)).toEqual([]);
    expect(ownFact('when', { text: 'These may change, but the proposal should look good.' }, 'When should the data be ready?')).toBeNull();
    expect(ownFact('when', { text: 'The data should be ready in May.' }, 'When should the data be ready?')).toBe('May');
    const q = 'How many participants are expected at the fair?';
    expect(ownFact('howMany', { text: 'Someone new for that one semester starts from the students.' }, q)).toBeNull();
    expect(ownFact('howMany', { text: 'We expect about 400 visitors at the fair.' }, q)).toBe('400 visitors');
    expect(ownFact('howMany', { text: 'There will be three participants from each school.' }, q)).toBe('3 participants');
  });

  it('answers when with a date or a time', () => {
    expect(dateOrTime('The review is on Monday, March 3, 2025 at the latest.', en)[0]).toBe('Monday, March 3, 2025');
    expect(dateOrTime('We meet at 2:30 pm in the lab.', en)).toEqual(['2:30 pm']);
    expect(dateOrTime('The paper is due next Friday, Feb 21.', en)).toEqual(['Friday, Feb 21']);
    expect(dateOrTime('The deadline moved to 2024-06-30.', en)).toEqual(['2024-06-30']);
    expect(extractFact('when', { text: 'The workshop was held in 2019 in Prague.' }, 'When was the workshop held?')).toBe('2019');
    expect(extractFact('when', { text: 'Nothing was decided about it.' }, 'When is the workshop?')).toBeNull();
  });

  it("answers how many with the number and the word it counts, the one next to the question's words first", () => {
    const q = 'How many subsets will there be in the shared task data?';
    expect(quantity('We have 2 annotators, so there will be three subsets in the data.', en, q)).toBe('3 subsets');
    expect(quantity('The unit costs 12.50 € to make and sells for 25 €.', en, 'How much does the unit cost to make?')).toBe('12.50 €');
    expect(quantity('In 2021 nothing was counted.', en, 'How many were counted in 2021?')).toBeNull();
    // A word after a comma is not what the number counts.
    expect(quantity('In Python 3.14, the build is no longer experimental.', en, 'How many developers are active?')).toBe('3.14');
  });

  it('takes a short reply as saying something when it holds a word besides yes, okay or hum, or the first person', () => {
    expect(statesReply('In [LOCATION2].')).toBe(true);
    expect(statesReply('Um, Friday.')).toBe(true);
    expect(statesReply('Yeah, almost 3 hours.')).toBe(true);
    expect(statesReply('I can.')).toBe(true);
    expect(statesReply('Ja, ich.')).toBe(true);
    expect(statesReply('Yeah.')).toBe(false);
    expect(statesReply('Okay, yes.')).toBe(false);
    expect(statesReply('Ouais, ok.')).toBe(false);
    expect(statesReply('Hm.')).toBe(false);
  });

  it('reads a question asking for more than yes or no, in the language of its transcript', () => {
    expect(asksOpen('And when is the deadline for the report?', en)).toBe(true);
    expect(asksOpen('How long is this tutorial? 3 hours?', en)).toBe(true);
    expect(asksOpen('Reply to what?', en)).toBe(true);
    expect(asksOpen('Et pourquoi le serveur est arrêté ?', LANGUAGES.fr)).toBe(true);
    expect(asksOpen('Scripting is not prepared, right?', en)).toBe(false);
    expect(asksOpen('Should I send you a link?', en)).toBe(false);
    // A what word of another language is an ordinary word here ('was').
    expect(asksOpen('Was it ready before the review?', en)).toBe(false);
  });
});
