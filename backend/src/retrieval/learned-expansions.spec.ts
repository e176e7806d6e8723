import {
  DefinitionIndex,
  DOMINANT_DOCUMENTS,
  LearnedDefinitions,
  learnedExpansionsOf,
  MAX_LEARNED_EXPANSIONS,
  weighSynonyms,
  type LearnedDefinition,
} from './learned-expansions';

/** A definition document `documentId` states (in session `sessionId`, by default one of its own). */
const def = (
  shortForm: string,
  longForm: string,
  occurrences = 1,
  documentId = `doc-${shortForm}`,
  sessionId = `session-${documentId}`,
): LearnedDefinition => ({
  shortForm,
  longForm,
  occurrences,
  documentId,
  sessionId,
});
const index = new DefinitionIndex([
  def('FMV', 'fair market value', 3),
  def('ABL', 'Asset-Based Lending'),
  def('IT', 'information technology'),
  def('PM', 'project manager', 2, 'design-notes', 'design'),
  def('PM', 'prime minister', 1, 'hansard', 'parliament'),
]);

describe('learnedExpansionsOf', () => {
  it('adds the long form of a short form the question writes, as a phrase', () => {
    expect(learnedExpansionsOf('What did the panel say about FMV leases?', index)).toEqual({
      phrases: ['fair market value'],
      shortForms: [],
    });
    expect(learnedExpansionsOf('Are fmv purchase options common?', index).phrases).toEqual(['fair market value']);
    expect(learnedExpansionsOf('How are FMVs set?', index).phrases).toEqual(['fair market value']);
  });

  it('adds the short form of a long form the question spells out, as a word', () => {
    expect(learnedExpansionsOf('Who offers asset-based lending to dealers?', index)).toEqual({
      phrases: [],
      shortForms: [{ shortForm: 'ABL', longForm: 'asset-based lending' }],
    });
    expect(learnedExpansionsOf('Is the fair market value of a truck known?', index).shortForms.map((d) => d.shortForm)).toEqual(['FMV']);
  });

  it('does not take a stop word typed in lower case for a short form', () => {
    expect(learnedExpansionsOf('Is it worth it?', index)).toEqual({ phrases: [], shortForms: [] });
    expect(learnedExpansionsOf('What does IT spend on laptops?', index).phrases).toEqual(['information technology']);
  });

  it('does not expand a short form two documents define two ways, either way, in a search over every session', () => {
    expect(learnedExpansionsOf('What did the PM say?', index)).toEqual({ phrases: [], shortForms: [] });
    expect(learnedExpansionsOf('What did the prime minister say?', index)).toEqual({ phrases: [], shortForms: [] });
  });

  it('expands an ambiguous short form to the meaning the filtered sessions define, and that long form only to it', () => {
    expect(learnedExpansionsOf('What did the PM say?', index, ['parliament']).phrases).toEqual(['prime minister']);
    expect(learnedExpansionsOf('What did the PM say?', index, ['design', 'other']).phrases).toEqual(['project manager']);
    expect(learnedExpansionsOf('What did the prime minister say?', index, ['parliament']).shortForms).toEqual([
      { shortForm: 'PM', longForm: 'prime minister' },
    ]);
    expect(learnedExpansionsOf('What did the prime minister say?', index, ['design'])).toEqual({ phrases: [], shortForms: [] });
    // Sessions that define it neither way: as over every session.
    expect(learnedExpansionsOf('What did the PM say?', index, ['other'])).toEqual({ phrases: [], shortForms: [] });
    expect(learnedExpansionsOf('What did the panel say about FMV?', index, ['other']).phrases).toEqual(['fair market value']);
  });

  it('expands a short form to the long form DOMINANT_DOCUMENTS times as many documents define as all its others', () => {
    const filings = (n: number, longForm: string, from = 0) =>
      Array.from({ length: n }, (_, i) => def('EBITDA', longForm, 5, `${longForm}-${from + i}`));
    const common = 'earnings before interest, taxes, depreciation and amortization';
    const rare = 'earnings before interest, restructuring, depreciation and amortization';
    const dominant = new DefinitionIndex([...filings(DOMINANT_DOCUMENTS, common), ...filings(1, rare)]);
    expect(learnedExpansionsOf('What was EBITDA?', dominant).phrases).toEqual([common]);
    expect(learnedExpansionsOf(`What were the ${rare}?`, dominant).shortForms).toEqual([]);
    const split = new DefinitionIndex([...filings(DOMINANT_DOCUMENTS - 1, common), ...filings(1, rare)]);
    expect(learnedExpansionsOf('What was EBITDA?', split).phrases).toEqual([]);
    expect(learnedExpansionsOf(`What were the ${common}?`, split).shortForms).toEqual([]);
    // A document repeating its definition does not outweigh another document: documents count, not occurrences.
    const repeated = new DefinitionIndex([def('PM', 'project manager', 40, 'a'), def('PM', 'prime minister', 1, 'b')]);
    expect(learnedExpansionsOf('What did the PM say?', repeated).phrases).toEqual([]);
  });

  it('takes the spellings of one long form for one meaning, spelled as the documents searched spell it most', () => {
    const taxes = 'earnings before interest, taxes, depreciation and amortization';
    const tax = 'earnings before interest, tax, depreciation and amortization';
    const spellings = new DefinitionIndex([
      def('EBITDA', 'Earnings before interest, taxes, depreciation, and amortization', 1, 'a'),
      def('EBITDA', taxes, 2, 'b'),
      def('EBITDA', tax, 1, 'c'),
      def('EBITDA', 'earnings before interest and tax and depreciation and amortization', 1, 'c'),
    ]);
    expect(learnedExpansionsOf('What was EBITDA?', spellings).phrases).toEqual([taxes]);
    expect(learnedExpansionsOf('What was EBITDA?', spellings, ['session-c']).phrases).toEqual([tax]);
    expect(learnedExpansionsOf(`What were the ${taxes}?`, spellings, ['session-c']).shortForms).toEqual([
      { shortForm: 'EBITDA', longForm: tax },
    ]);
  });

  it('caps the expansions of one question', () => {
    const many = learnedExpansionsOf('FMV, ABL, IT and PM: what changed?', index);
    expect(many.phrases.length + many.shortForms.length).toBe(MAX_LEARNED_EXPANSIONS);
    expect(many.phrases[0]).toBe('fair market value');
  });

  it('adds nothing without definitions', () => {
    expect(learnedExpansionsOf('FMV?', new DefinitionIndex([]))).toEqual({ phrases: [], shortForms: [] });
  });
});

describe('weighSynonyms', () => {
  it('weighs a short form searched for a long form as the sum of the IDF of that long form', () => {
    const term = (word: string, idf: number) => ({ word, tsquery: `'${word}'`, df: 1, total: 10, idf });
    const terms = { own: [term('fair', 1), term('market', 0.5), term('value', 0.75), term('fmv', 2), term('panel', 0.1)], expansion: [] };
    const weighed = weighSynonyms(terms, [{ word: 'fmv', standsFor: ['fair', 'market', 'value'] }]);
    expect(weighed.own.map((t) => t.idf)).toEqual([1, 0.5, 0.75, 2.25, 0.1]);
  });
});

describe('LearnedDefinitions', () => {
  it('reads the definitions once per content version', async () => {
    let reads = 0;
    let version = '1';
    const learned = new LearnedDefinitions({
      definitionsAtVersion: async () => {
        reads++;
        return { version, definitions: version === '1' ? [] : [def('FMV', 'fair market value')] };
      },
    });
    expect(await learned.expansionsOf('FMV?')).toEqual({ phrases: [], shortForms: [] });
    await learned.expansionsOf('ABL?');
    expect(reads).toBe(1);
    version = '2';
    learned.sawContentVersion('2');
    expect(await learned.expansionsOf('FMV?')).toEqual({ phrases: ['fair market value'], shortForms: [] });
    await learned.expansionsOf('FMV?');
    expect(reads).toBe(2);
  });
});
