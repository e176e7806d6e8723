import { keywordStems } from './keywords';
import { periodsIn } from './periods';
import { cellAt, labelMatch, readTables, tableCellEvidence } from './table-cells';

/** An invented company's statement of operations, as pdf-parse extracts it. */
const OPERATIONS = [
  'HARBORLIGHT OUTFITTERS, INC.',
  'CONSOLIDATED STATEMENTS OF OPERATIONS',
  '(In thousands, except per share data)',
  'Year Ended December 31,',
  '2020 2019 2018',
  'Revenue:',
  'Product revenue $ 1,204,118 $ 986,420 $ 811,002',
  'Service revenue 310,554 255,017 198,774',
  'Total revenue 1,514,672 1,241,437 1,009,776',
  'Cost of revenue 902,311 760,845 640,110',
  'Gross profit 612,361 480,592 369,666',
  'Gain on sale of a warehouse — (12,400) —',
  'Net income (loss) $ 48,215 $ 31,907 $ (4,380)',
].join('\n');

/** Its balance sheet (two columns of dates). */
const BALANCE = [
  'CONSOLIDATED BALANCE SHEETS',
  '(Millions)',
  'December 31, 2022 December 31, 2021',
  'Liabilities',
  'Accounts payable $ 2,310 $ 2,004',
  'Deferred revenue 6,845 5,120',
  'Long-term debt 4,100 4,650',
  'Total liabilities $ 13,255 $ 11,774',
  'Shareholders’ Equity',
  'Retained earnings 9,870 8,115',
].join('\n');

describe('readTables', () => {
  it('reads rows, their period columns, empty cells and the unit note', () => {
    const table = readTables(OPERATIONS);
    expect(table.unit).toBe('thousand');
    const total = table.rows.find((r) => r.label === 'Total revenue')!;
    expect(total.section).toBe('Revenue');
    expect(cellAt(total, { year: 2019, quarter: null })).toBe('1,241,437');
    expect(cellAt(total, { year: 2017, quarter: null })).toBeNull();
    const gain = table.rows.find((r) => r.label === 'Gain on sale of a warehouse')!;
    expect(gain.cells).toEqual([null, '(12,400)', null]);
    expect(cellAt(gain, { year: 2019, quarter: null })).toBe('(12,400)');
    const net = table.rows.find((r) => r.label === 'Net income (loss)')!;
    expect(net.currency).toBe('$');
    expect(cellAt(net, { year: 2018, quarter: null })).toBe('(4,380)');
  });

  it('reads date column headings and a one-word unit note', () => {
    const table = readTables(BALANCE);
    expect(table.unit).toBe('million');
    const debt = table.rows.find((r) => r.label === 'Long-term debt')!;
    expect(debt.section).toBe('Liabilities');
    expect(cellAt(debt, { year: 2021, quarter: null })).toBe('4,650');
  });

  it('reads a heading that runs over lines and a split page’s context line', () => {
    const split = readTables('Years Ended\nDecember 2,\n2016 November 27,\n2015\nSubscription 4,584 3,224');
    expect(cellAt(split.rows[0], { year: 2015, quarter: null })).toBe('3,224');
    const context = readTables('STATEMENTS OF CASH FLOWS (In millions) | Fiscal Year 2022 2021\nNet cash from operations 7,838 7,230');
    expect(context.unit).toBe('million');
    expect(cellAt(context.rows[0], { year: 2022, quarter: null })).toBe('7,838');
  });
});

describe('tableCellEvidence', () => {
  const asked = (q: string) => new Set(keywordStems(q));

  it('ranks a row naming the line item in the asked period’s column above a row or a period alone', () => {
    const q = 'What was the total revenue in FY2019?';
    const both = tableCellEvidence(readTables(OPERATIONS), asked(q), periodsIn(q));
    const rowOnly = tableCellEvidence(readTables(OPERATIONS.replace('2020 2019 2018', '2018 2017 2016')), asked(q), periodsIn(q));
    const periodOnly = tableCellEvidence(readTables(BALANCE.replace(/2022/g, '2019')), asked(q), periodsIn(q));
    expect(both).toBeGreaterThan(rowOnly);
    expect(both).toBeGreaterThan(periodOnly);
    expect(rowOnly).toBeGreaterThan(0);
    expect(periodOnly).toBeGreaterThan(0);
  });

  it('gives nothing to a question that names no period', () => {
    expect(tableCellEvidence(readTables(OPERATIONS), asked('What is total revenue?'), [])).toBe(0);
  });

  it('does not take one generic word of a label for the line item', () => {
    expect(labelMatch('Total revenue', asked('total revenue in 2019'))).toBe(1);
    expect(labelMatch('Total liabilities', asked('total revenue in 2019'))).toBeLessThan(0.5);
  });
});
