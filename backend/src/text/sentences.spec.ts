import { cleanMarkup, isFigureTable, readerSentences, sentenceSpans, splitSentences, tableShape } from './sentences';

describe('cleanMarkup', () => {
  it('removes braced annotations and bracketed noise tags by their form, whatever their names', () => {
    expect(cleanMarkup('We tried it {disfmarker} twice {vocalsound} . Then {comment: door closes} it worked.')).toBe(
      'We tried it twice. Then it worked.',
    );
    expect(cleanMarkup('It failed [laughter] and <noise> again [INAUDIBLE] then [cross talk] stopped.')).toBe(
      'It failed and again then stopped.',
    );
  });
  it('keeps time stamps, figures and names in brackets', () => {
    expect(cleanMarkup('[12:34] Dana: see [Appendix B] and [2] here.')).toBe('[12:34] Dana: see [Appendix B] and [2] here.');
  });
});

describe('tableShape', () => {
  const statement = [
    'Statement of things',
    'Years ended December 31 2022 2021',
    'Revenues 1,200 1,100',
    'Cost of revenues (800) (700)',
    'Operating income 400 400',
    'Net income 300 290',
  ].join('\n');
  it('recognises a page of figures by its layout: year columns and table rows', () => {
    expect(tableShape(statement)).toEqual({ rows: 4, yearColumns: true });
    expect(isFigureTable(statement)).toBe(true);
  });
  it('is not a table for prose that mentions years', () => {
    expect(isFigureTable('In 2022 and 2021 the group grew.\nWe expect more in 2023.')).toBe(false);
  });
});

describe('splitSentences on figures', () => {
  const texts = (t: string) => splitSentences(t).map((s) => s.text);
  it('keeps decimals, currency amounts and percentages inside their sentence', () => {
    expect(
      texts('Fuel cost $0.18 diesel per mile last year. Leases ran 6.1 years on average. Fees were 25 €. A ticket is 12.50 € here.'),
    ).toEqual([
      'Fuel cost $0.18 diesel per mile last year.',
      'Leases ran 6.1 years on average.',
      'Fees were 25 €.',
      'A ticket is 12.50 € here.',
    ]);
    expect(texts('Delinquencies rose to 2.5%. That is 0.4 points above 2023.')).toEqual([
      'Delinquencies rose to 2.5%.',
      'That is 0.4 points above 2023.',
    ]);
  });
  it('ends a sentence at a period with no space before a capitalised word, not in abbreviations', () => {
    expect(texts('That is what we were having.If the customer pays late, we raise the rate.')).toEqual([
      'That is what we were having.',
      'If the customer pays late, we raise the rate.',
    ]);
    expect(texts('Dr. Lee met approx. 40 lessees in the U.S. Market shares moved.')).toEqual([
      'Dr. Lee met approx. 40 lessees in the U.S. Market shares moved.',
    ]);
  });
});

describe('sentenceSpans', () => {
  it('gives each sentence as offsets of the text itself, figures intact', () => {
    const text = 'We pay $0.18 diesel per mile.  Terms run 6.1 years.\nThat is what we were having.If the customer pays, fine.';
    expect(sentenceSpans(text).map(({ start, end }) => text.slice(start, end))).toEqual([
      'We pay $0.18 diesel per mile.',
      'Terms run 6.1 years.',
      'That is what we were having.',
      'If the customer pays, fine.',
    ]);
  });
});

describe('splitSentences: speaker labels', () => {
  it('reads an anonymised label with a number (PERSON3:) and a numbered one (Speaker 2:) as the speaker, not as text', () => {
    const [a, b] = splitSentences('PERSON12: PERSON3: We will prepare the corpus by Friday.\nSpeaker 2: The deadline is in March.');
    expect(a).toMatchObject({ text: 'We will prepare the corpus by Friday.', speaker: 'PERSON3' });
    expect(b).toMatchObject({ text: 'The deadline is in March.', speaker: 'Speaker 2' });
  });
});

describe('cleanMarkup: self-closing annotation tags', () => {
  it('removes a lower-case self-closing tag (<laugh/>, <parallel_talk/>) and keeps a bracketed name', () => {
    expect(cleanMarkup('I <unintelligible/> would prefer it simple. <laugh/> Ask [PERSON2] <parallel_talk/> today.')).toBe(
      'I would prefer it simple. Ask [PERSON2] today.',
    );
  });
});

describe('readerSentences', () => {
  it('cuts where a reader sees a sentence end, whatever case follows, but not after an abbreviation', () => {
    expect(readerSentences("That is another parameter, right? that maybe you want nine. They don't. So. Dr. Atherton agreed.")).toEqual([
      'That is another parameter, right?',
      'that maybe you want nine.',
      "They don't.",
      'So.',
      'Dr. Atherton agreed.',
    ]);
    expect(readerSentences('Forget plan A. It was slow, e.g. on 6.1 years [p. 3].')).toEqual([
      'Forget plan A.',
      'It was slow, e.g. on 6.1 years [p. 3].',
    ]);
  });
});
