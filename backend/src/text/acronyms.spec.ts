import { bestLongForm, countDefinitions, DefinitionTally, findDefinitions } from './acronyms';

const defs = (text: string) => findDefinitions(text).map((d) => `${d.shortForm} = ${d.longForm}`);

describe('findDefinitions (Schwartz & Hearst)', () => {
  it('finds a long form followed by its short form in parentheses', () => {
    expect(defs('The lessee may buy the asset at its fair market value (FMV) when the lease ends.')).toEqual(['FMV = fair market value']);
    expect(defs('Banks moved into asset-based lending (ABL) last year.')).toEqual(['ABL = asset-based lending']);
    expect(defs('Most deals closed with Mergers and Acquisitions (M&A) advisers.')).toEqual(['M&A = Mergers and Acquisitions']);
    expect(defs('Products of “Acme Environmental Technologies” (AET) grew.')).toEqual(['AET = Acme Environmental Technologies']);
  });

  it('finds a short form followed by its long form in parentheses', () => {
    expect(defs('Lenders watch the DSCR (debt service coverage ratio) closely.')).toEqual(['DSCR = debt service coverage ratio']);
  });

  it('keeps the long form within its clause and to the shortest words that spell the short form', () => {
    expect(defs('Revenue grew. Software as a Service (SaaS) vendors lease less.')).toEqual(['SaaS = Software as a Service']);
    expect(defs('Rates rose; the total cost of ownership (TCO) did not.')).toEqual(['TCO = total cost of ownership']);
    expect(defs('The deal was cheap, said our chief financial officer (CFO), in May.')).toEqual(['CFO = chief financial officer']);
  });

  it('reads a definition broken over lines of a page', () => {
    expect(defs('measured at fair\nmarket value\n(FMV) at inception')).toEqual(['FMV = fair market value']);
  });

  it('ignores parentheses that define nothing', () => {
    expect(defs('The schedule is in the appendix (see p. 3).')).toEqual([]);
    expect(defs('Volumes fell in the last year (2023).')).toEqual([]);
    expect(defs('Acme Holdings, Inc. (the Company) leases trucks.')).toEqual([]);
    expect(defs('Acme Holdings LLC (the Company) leases trucks.')).toEqual([]);
    expect(defs('Shares of XYZ Corp. (NYSE: XYZ) rose.')).toEqual([]);
    expect(defs('Shares of XYZ (NYSE: XYZ) rose.')).toEqual([]);
    expect(defs('Payments are due monthly (in arrears).')).toEqual([]);
    expect(defs('We spoke with the vendor (Inc) about it.')).toEqual([]);
    expect(defs('Margins held up well (EBITDA).')).toEqual([]);
    expect(defs('Office of the Comptroller of the Currency (OCC) rules apply.')).toEqual([]);
    expect(defs('as stated in our “By- Laws” (By-Laws).')).toEqual([]);
  });

  it('needs every letter of the short form in order, the first at the start of a word', () => {
    expect(bestLongForm('FMV', 'fair market value')).toBe('fair market value');
    expect(bestLongForm('FMV', 'the value of the market')).toBeNull();
    expect(bestLongForm('ABL', 'table based lending')).toBeNull();
    expect(bestLongForm('USA', 'United States of America Acme Finance')).toBeNull();
    expect(defs('Notes issued by Acme Finance (USA) Inc. are guaranteed.')).toEqual([]);
    expect(defs('Lenders watch earnings before interest, tax, depreciation and amortization (EBITDA).')).toEqual([
      'EBITDA = earnings before interest, tax, depreciation and amortization',
    ]);
  });
});

describe(DefinitionTally.name, () => {
  const texts = [
    'Lenders quote the debt service coverage ratio (DSCR) first.',
    'At Fair Market Value (FMV) the lessee may buy the asset.',
    'A DSCR (debt service coverage ratio) under one is a warning.',
    'The fair market value (FMV) is set by appraisal; the total cost of ownership (TCO) is not.',
  ];

  it('counts text by text what countDefinitions counts of all the texts', () => {
    const sut = new DefinitionTally();
    for (const text of texts) sut.add(text);
    expect(sut.definitions()).toEqual(countDefinitions(texts));
    expect(sut.definitions()).toEqual([
      { shortForm: 'DSCR', longForm: 'debt service coverage ratio', occurrences: 2 },
      { shortForm: 'FMV', longForm: 'Fair Market Value', occurrences: 2 },
      { shortForm: 'TCO', longForm: 'total cost of ownership', occurrences: 1 },
    ]);
  });

  it("adds a later tally's counts as if its texts came after: first spelling and order kept", () => {
    const sut = new DefinitionTally();
    sut.add(texts[0]);
    const later = new DefinitionTally();
    for (const text of texts.slice(1)) later.add(text);
    sut.addTally(later);
    expect(sut.definitions()).toEqual(countDefinitions(texts));
    const reversed = new DefinitionTally();
    reversed.add(texts[3]);
    reversed.addTally(sut);
    expect(reversed.definitions()).toEqual(countDefinitions([texts[3], ...texts]));
  });
});
