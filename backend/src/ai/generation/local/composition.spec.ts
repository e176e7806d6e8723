import type { AiUsageService } from '../../usage/ai-usage.service';
import { NOT_COVERED_ANSWER } from '../generation.types';
import { termKey } from '../../../text/term-key';
import { LocalAnswerGenerator } from '../local-answer-generator';
import { passage, meetingPassage } from '../../../../test/fixtures/generation-passages';

describe('composition: substance and coverage that carry over to new material', () => {
  const generator = new LocalAnswerGenerator(64, { record: async () => undefined } as unknown as AiUsageService, 0);
  const meeting = meetingPassage;

  it('never refuses to summarize a discussion the meeting holds, even where its words are common there', () => {
    const passages = [
      meeting(
        'Project Manager: The microphone kept cutting out during the last call, so we could not hear the designer.\nIndustrial Designer: We should test the microphones before each meeting and keep a spare one in the room.',
      ),
      meeting('Marketing: The remote control needs fewer buttons and a bigger power button.', 2),
    ];
    const rarity = { microphon: 0.6, spare: 0.7, budget: 1, approv: 1 };
    const answer = generator.composeAnswer({
      question: 'Summarize the discussion about microphone spares, their budget and approval',
      passages,
      rarity,
    });
    expect(answer).not.toBe(NOT_COVERED_ANSWER);
    expect(answer).toMatch(/microphone/i);
  });

  it('summarizes a discussion whose words the whole conference says often, where the meeting says them', () => {
    const passages = [
      meeting(
        'The Chair: Petitions come first today, and the government asked that its priorities be taken after them.\nMember: The petitions on rail service deserve time before the government priorities are debated.',
      ),
    ];
    const rarity = { petit: 0.2, priorit: 0.3, govern: 0.1, order: 1, busi: 1 };
    const question = 'Summarize the discussion about petitions, priorities of government and the order of business';
    expect(generator.composeAnswer({ question, passages, rarity })).toMatch(/Petitions come first/);
  });

  it('does not open an answer with a self-introduction or quote one as a finding', () => {
    const passages = [
      meeting(
        'Audience Member: Tony Russo, Keystone Equipment Finance. Are you worried about electric equipment and its residual values?\nPanelist: Residual values of electric equipment are harder to forecast because the secondary market for used electric machines is still thin.',
      ),
    ];
    const answer = generator.composeAnswer({ question: 'What about residual values of electric equipment?', passages });
    expect(answer).not.toMatch(/Tony Russo/);
    expect(answer).toMatch(/secondary market/);
  });

  it('answers a figure question from the rows of a table of figures with both years, whatever the table is titled', () => {
    const passages = [
      passage({
        marker: '[p. 52]',
        sessionTitle: 'Annual report',
        text: 'Statement of results\nYears ended December 31, 2022 2021\nRevenue 17,606 15,785\nCost of sales 9,100 8,200\nOperating income 6,098 5,802\nNet income 4,000 3,900',
      }),
      passage({
        n: 2,
        marker: '[p. 12]',
        sessionTitle: 'Annual report',
        text: 'Our operating margin reflects our focus on disciplined growth and on our customers.',
      }),
    ];
    const answer = generator.composeAnswer({
      question: 'What was the operating margin in 2022?',
      passages,
      expansions: ['revenue', 'operating income', 'net income', 'cost of sales'],
    });
    expect(answer).toMatch(
      /Operating income: 6,098 \(2022\), 5,802 \(2021\)\. \[p\. 52\]|Revenue: 17,606 \(2022\), 15,785 \(2021\)\. \[p\. 52\]/,
    );
  });

  it('does not count the instructions on how to answer among the words the materials must hold', () => {
    const passages = [
      passage({
        marker: '[p. 40]',
        sessionTitle: 'Annual report',
        text: 'Net cash provided by operating activities was 2,100 million in 2017, up from 1,900 million in 2016, as collections improved.',
      }),
    ];
    const question =
      'What was the cash provided by operating activities in 2017? Round your answer to two decimal places and rely on the information outlined within the statement, according to the formula shown.';
    expect(generator.composeAnswer({ question, passages })).toMatch(/2,100 million.*\[p\. 40\]/);
  });

  it('answers a question asking for a measure with the statement rows that hold it, both years, citing their page', () => {
    const prose = (n: number, text: string) => passage({ n, marker: `[p. ${n}]`, sessionTitle: 'Annual report', text });
    const passages = [
      prose(
        12,
        'The largest liability on our balance sheet in 2022 remained the deposits our customers hold with us. We manage the largest liability on the balance sheet with care.',
      ),
      prose(
        13,
        'In 2022 the balance sheet grew, and the largest liability grew with it as customers kept more with us. Our balance sheet liability mix in 2022 stayed stable.',
      ),
      prose(
        14,
        'A liability on the balance sheet in 2022 is measured at cost, the largest one included. The balance sheet of 2022 reflects every liability at its carrying amount.',
      ),
      passage({
        n: 4,
        marker: '[p. 98]',
        sessionTitle: 'Annual report',
        text: 'Consolidated statement\nDecember 31, 2022 2021\nCustomer deposits 110,239 84,382\nAccounts payable 12,133 10,574\nLong-term debt 42,573 38,675\nTotal liabilities 204,742 166,371',
      }),
    ];
    const answer = generator.composeAnswer({
      question: 'What was the largest liability on the balance sheet in 2022?',
      passages,
      simple: true,
    });
    expect(answer).toMatch(/Total liabilities: 204,742 \(2022\), 166,371 \(2021\)\. \[p\. 98\]/);
  });

  it('draws a document answer from more of its pages: two sentences a page', () => {
    const page = (n: number, text: string) => passage({ n, marker: `[p. ${n}]`, sessionTitle: 'Annual report', text });
    const passages = [
      page(
        20,
        'Lease revenue grew in every region this year as demand for equipment leases rose. Lease revenue in the largest region grew fastest. Lease revenue from new customers also grew in the year.',
      ),
      page(
        21,
        'Lease revenue growth came mostly from renewals of equipment leases. Growth of lease revenue was strongest in the second half of the year. Lease revenue growth slowed in the last month before the close.',
      ),
      page(22, 'Lease revenue rose on longer terms for equipment.'),
    ];
    const answer = generator.composeAnswer({ question: 'How did lease revenue growth develop?', passages, simple: true });
    expect(answer).toContain('[p. 22]');
  });

  it('answers a question in colloquial words from a passage in the business terms the materials use for them', () => {
    const passages = [
      passage({
        marker: '[p. 88]',
        sessionTitle: 'Annual report',
        text: 'Legal proceedings. Acme is a defendant in litigation over product claims filed in 2022, and the cases remain pending before the court.',
      }),
    ];
    const rarity = Object.fromEntries(
      Object.entries({ acme: 0.1, legal: 0.3, '2022': 0.2, reported: 0.4, ongoing: 1, battles: 1 }).map(([w, r]) => [termKey(w), r]),
    );
    const expansions = ['legal proceedings', 'litigation', 'contingencies', 'claims'];
    const answer = generator.composeAnswer({
      question: 'Has Acme reported any ongoing legal battles in 2022?',
      passages,
      rarity,
      expansions,
    });
    expect(answer).toMatch(/litigation.*\[p\. 88\]/);
  });

  it("cites every page holding evidence before a page's second sentence (a document's answer)", () => {
    const page = (n: number, text: string) => passage({ n, marker: `[p. ${n}]`, text, sessionTitle: 'Annual Report' });
    const passages = [
      page(
        1,
        'Residual values of electric equipment are uncertain because battery wear is hard to measure. Residual values of electric equipment are uncertain where charging networks grow slowly. Residual values of electric equipment are uncertain with each new battery chemistry.',
      ),
      page(
        2,
        'Residual values of electric equipment are uncertain while auction data stays scarce. Residual values of electric equipment are uncertain when a new model doubles the range. Residual values of electric equipment are uncertain where diesel bans come into force.',
      ),
      page(3, 'Lessors shorten terms to three years because residual values of electric fleets are hard to forecast.'),
      page(4, 'Electric equipment loses value faster in secondary markets that remain thin.'),
    ];
    const answer = generator.composeAnswer({
      question: 'Why are residual values of electric equipment uncertain?',
      passages,
      simple: true,
    });
    for (const n of [1, 2, 3, 4]) expect(answer).toContain(`[p. ${n}]`);
  });

  it('reads the topic of a question in its asking sentences, not in its instructions on how to answer', () => {
    const passages = [
      passage({ n: 1, marker: '[p. 7]', text: 'Fleet utilisation reached 87 percent in 2024, up from 81 percent a year earlier.' }),
    ];
    const question =
      'Answer the following question as if you were an equity research analyst who lost internet connection and cannot access market data providers. What was the fleet utilisation in 2024? If utilisation is not a useful metric for a business like this, then state that and explain why.';
    const answer = generator.composeAnswer({ question, passages, simple: true });
    expect(answer).toContain('Fleet utilisation reached 87 percent in 2024');
    expect(answer).toContain('[p. 7]');
  });

  it('reads a word the passages write as two words (cashflow, cash flow) as those two words', () => {
    const passages = [
      passage({ n: 1, marker: '[p. 2]', text: 'The clinic improved its parking and its waiting room signage during the spring.' }),
      passage({ n: 2, marker: '[p. 9]', text: 'Cash flow from clinic operations improved to 4 million dollars over the year.' }),
    ];
    const answer = generator.composeAnswer({ question: 'Is the cashflow of the clinic improving?', passages, simple: true });
    expect(answer.split('\n')[0]).toBe('Cash flow from clinic operations improved to 4 million dollars over the year. [p. 9]');
  });

  const anonymised = (text: string, speaker: string | null, n = 1) =>
    passage({ n, marker: `[line ${n * 10}]`, kind: 'transcript', speaker, sessionTitle: 'Project meeting', text, similarity: 0.2 });

  it('names the speaker of an anonymised transcript line once, not twice', () => {
    // The chunk's first speaker (PERSON12) is not the speaker of the line quoted (PERSON3).
    const passages = [
      anonymised(
        'PERSON12: Hello, can you hear me?\nPERSON3: We will prepare the annotated corpus of meeting minutes by the end of the month.',
        'PERSON12',
      ),
      anonymised('PERSON1: The annotated corpus of meeting minutes needs a second round of checking.', 'PERSON1', 2),
    ];
    const answer = generator.composeAnswer({ question: 'What about the annotated corpus of meeting minutes?', passages, simple: true });
    expect(answer).toContain('PERSON3');
    expect(answer).not.toMatch(/PERSON\d+:\s*(?:\*\*)?\s*PERSON\d+:/);
    expect(answer).not.toMatch(/PERSON12:\s*We will prepare/);
  });

  it('opens a who question with the name, then the cited sentence it comes from', () => {
    const passages = [
      anonymised('PERSON4: Okay.\nPERSON6: I will prepare the corpus for the shared task next week.', 'PERSON4'),
      anonymised('PERSON3: The corpus for the shared task has three subsets.', 'PERSON3', 2),
    ];
    const answer = generator.composeAnswer({
      question: 'Who is in charge of preparing the corpus for the shared task?',
      passages,
      simple: true,
    });
    expect(answer.split('\n')[0]).toBe('**PERSON6** — I will prepare the corpus for the shared task next week. [line 10]');
  });

  it('opens a who question with the one who speaks of doing it, not the speaker of the best-matching words', () => {
    const passages = [
      anonymised(
        'PERSON4: The corpus of meeting minutes for the shared task has to be prepared before the deadline.\nPERSON2: Yes, the corpus of meeting minutes is the main part of the shared task.',
        'PERSON4',
      ),
      anonymised('PERSON6: Okay, I can prepare that corpus of minutes myself this week.', 'PERSON6', 2),
    ];
    const answer = generator.composeAnswer({
      question: 'Who will prepare the corpus of meeting minutes for the shared task?',
      passages,
      simple: true,
    });
    expect(answer.split('\n')[0]).toBe('**PERSON6** — I can prepare that corpus of minutes myself this week. [line 20]');
  });

  it('opens a how-many question with the number and what it counts, and a when question with the date', () => {
    const passages = [
      passage({ n: 1, marker: '[p. 2]', text: 'The shared task data will have three subsets, released on March 14, 2025 to all teams.' }),
    ];
    const many = generator.composeAnswer({ question: 'How many subsets will the shared task data have?', passages, simple: true });
    expect(many.split('\n')[0]).toMatch(/^\*\*3 subsets\*\* — The shared task data will have three subsets, .*\[p\. 2\]$/);
    const when = generator.composeAnswer({ question: 'When will the shared task data subsets be released?', passages, simple: true });
    expect(when.split('\n')[0]).toMatch(/^\*\*March 14, 2025\*\* — The shared task data/);
  });

  it('answers who attended a chosen meeting with its speakers, in the order they first speak, each with a cited turn', () => {
    const passages = [
      {
        ...anonymised(
          'PERSON3: The corpus of annotated minutes is ready for the next round.\nPERSON5: I checked the annotation of the minutes yesterday.',
          'PERSON3',
          2,
        ),
        chosen: true,
      },
      { ...anonymised('PERSON1: Hello everyone, can you hear me now?\nPERSON3: Yes, we can hear you.', 'PERSON1'), chosen: true },
    ];
    for (const question of [
      'Who attended the meeting?',
      'Who were the participants?',
      'Qui étaient les participants ?',
      'Wer war anwesend?',
    ]) {
      const { coverage, pieces } = generator.answerOf({ question, passages, simple: true });
      const answer = pieces.map((p) => ('text' in p ? p.text : `[line ${p.cite * 10}]`)).join('');
      expect(coverage).toBe(1);
      expect(answer.split('\n')[0]).toBe('**PERSON1, PERSON3, PERSON5** — PERSON1: Hello everyone, can you hear me now? [line 10]');
      // A speaker's first statement, not the first words they say ('Yes, we can hear you').
      expect(answer).toContain('- **PERSON3:** The corpus of annotated minutes is ready for the next round. [line 20]');
      expect(answer).toContain('- **PERSON5:** I checked the annotation of the minutes yesterday. [line 20]');
    }
  });

  it('does not answer who attended from sessions the attendee did not choose, nor another who question with the speaker list', () => {
    const passages = [
      anonymised('PERSON1: Hello everyone, can you hear me now?\nPERSON3: I will prepare the corpus next week.', 'PERSON1'),
    ];
    expect(generator.composeAnswer({ question: 'Who attended the meeting?', passages, simple: true })).not.toMatch(
      /^\*\*PERSON1, PERSON3\*\*/,
    );
    const chosen = passages.map((p) => ({ ...p, chosen: true }));
    const answer = generator.composeAnswer({ question: 'Who will prepare the corpus?', passages: chosen, simple: true });
    expect(answer.split('\n')[0]).toBe('**PERSON3** — I will prepare the corpus next week. [line 10]');
  });

  it('answers a question that asks no short fact as before: its best sentence first', () => {
    const passages = [
      passage({ n: 1, marker: '[p. 2]', text: 'The shared task data will have three subsets, released in March to all teams.' }),
    ];
    const answer = generator.composeAnswer({ question: 'Describe the shared task data subsets', passages, simple: true });
    expect(answer.startsWith('The shared task data will have three subsets')).toBe(true);
  });

  it('cites every sentence a reader sees in a quoted turn, even where the turn runs sentences together', () => {
    // A spoken turn as transcribed: an end mark before a word in lower case, a contraction before a period.
    const passages = [
      meeting(
        "Industrial Designer: The kinetic charger costs more than the battery, right? that kinetic charger still saves the battery for the user. The people who hold the kinetic charger budget don't. So we keep the kinetic charger anyway.",
      ),
    ];
    const answer = generator.composeAnswer({ question: 'What did the team think about the kinetic charger and the battery?', passages });
    const sentences = answer
      .split('\n')
      .flatMap((line) => line.replace(/^- /, '').split(/(?<=[.!?])\s+(?!\[)/))
      .filter((s) => (s.replace(/\[[^\]]*\]/g, '').match(/[\p{L}\p{N}]+/gu)?.length ?? 0) >= 4);
    expect(sentences.length).toBeGreaterThan(1);
    expect(answer).toMatch(/kinetic charger/);
    for (const sentence of sentences) expect(sentence).toMatch(/\[line 10\]/);
  });
});
