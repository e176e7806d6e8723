import type { GenerationPassage } from '../generation.types';
import { tableFact } from './table-fact';

const pdf = (n: number, text: string): GenerationPassage => ({
  n,
  marker: `[p. ${n}]`,
  text,
  sessionTitle: 'Harborlight Outfitters 10-K',
  kind: 'pdf',
  speaker: null,
  score: 1,
  similarity: 0.5,
});

/** An invented company's statement of operations, three years, in thousands. */
const OPERATIONS = pdf(
  86,
  [
    'CONSOLIDATED STATEMENTS OF OPERATIONS',
    '(In thousands, except per share data)',
    'Year Ended December 31,',
    '2020 2019 2018',
    'Product revenue $ 1,204,118 $ 986,420 $ 811,002',
    'Service revenue 310,554 255,017 198,774',
    'Total revenue 1,514,672 1,241,437 1,009,776',
    'Operating income (loss) (18,815) 26,557 (36,614)',
    'Net income (loss) per share $ 0.48 $ 0.88 $ (0.09)',
    'Effective tax rate 21.6 % 24.6 % 27.0 %',
  ].join('\n'),
);

/** Its balance sheet, two dates, in millions. */
const BALANCE = pdf(
  98,
  [
    'CONSOLIDATED BALANCE SHEETS',
    'December 31 (Millions, except share data) 2022 2021',
    'Assets',
    'Cash and cash equivalents $ 33,914 $ 22,028',
    'Card loans 104,217 85,257',
    'Total assets $ 228,354 $ 188,548',
    'Liabilities',
    'Customer deposits $ 110,239 $ 84,382',
    'Accounts payable 12,133 10,574',
    'Long-term debt 42,573 38,675',
    'Total liabilities $ 203,643 $ 166,371',
  ].join('\n'),
);

describe('tableFact', () => {
  it('quotes the cell at the line item’s row and the period’s column, with its unit and period', () => {
    expect(tableFact('What was the total revenue in FY2019?', [OPERATIONS])).toEqual({
      text: 'Total revenue: $1,241,437 thousand (2019)',
      passage: OPERATIONS,
    });
    expect(tableFact('What was the operating income in fiscal 2020?', [OPERATIONS])?.text).toBe(
      'Operating income (loss): -$18,815 thousand (2020)',
    );
  });

  it('quotes every period asked, a rate as a percentage and a per-share figure without the table’s unit', () => {
    expect(tableFact('How did the effective tax rate change between FY2019 and FY2020?', [OPERATIONS])?.text).toBe(
      'Effective tax rate: 24.6% (2019), 21.6% (2020)',
    );
    expect(tableFact('What was net income per share in 2018?', [OPERATIONS])?.text).toBe('Net income (loss) per share: -$0.09 (2018)');
  });

  it('cites the page of the table that has the period, not an earlier page without it', () => {
    const older = pdf(40, OPERATIONS.text.replace('2020 2019 2018', '2017 2016 2015'));
    expect(tableFact('What was the total revenue in FY2019?', [older, OPERATIONS])?.passage.n).toBe(86);
  });

  it('answers a superlative with the section’s largest row, not the first row of the table', () => {
    expect(tableFact('What was the largest liability on the balance sheet in 2022?', [BALANCE])?.text).toBe(
      'Customer deposits: $110,239 million (2022)',
    );
    expect(tableFact('What was the smallest liability in 2021?', [BALANCE])?.text).toBe('Accounts payable: $10,574 million (2021)');
  });

  it('takes the largest row over the passages’ tables, and gives nothing when no section is the one named', () => {
    const parent = pdf(156, BALANCE.text.replace('110,239', '9,100').replace('42,573', '29,432'));
    expect(tableFact('What was the largest liability in 2022?', [parent, BALANCE])).toEqual({
      text: 'Customer deposits: $110,239 million (2022)',
      passage: BALANCE,
    });
    expect(tableFact('Which segment had the lowest net revenue in 2022?', [BALANCE])).toBeNull();
  });

  it('gives nothing when no row names the line item or the question names no period', () => {
    expect(tableFact('What was the inventory in FY2019?', [OPERATIONS])).toBeNull();
    expect(tableFact('What was the total revenue?', [OPERATIONS])).toBeNull();
  });
});
