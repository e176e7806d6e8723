import { splitSentences, tableRowSentence } from './sentences';
import { tableRow } from './table';

describe('table rows of filings', () => {
  it('reads a row with its column years', () => {
    expect(tableRowSentence('Effective tax rate 21.6 % 24.6 % 27.0 %', ['2022', '2021', '2020'])).toBe(
      'Effective tax rate: 21.6% (2022), 24.6% (2021), 27.0% (2020).',
    );
    expect(tableRowSentence('Income tax provision 2,071 2,629 1,161', null)).toBe('Income tax provision: 2,071, 2,629, 1,161.');
    expect(tableRowSentence('Purchases of land, buildings, and equipment (460.8) (537.6) (622.7)', ['2020', '2019', '2018'])).toBe(
      'Purchases of land, buildings, and equipment: (460.8) (2020), (537.6) (2019), (622.7) (2018).',
    );
    expect(tableRowSentence('We grew revenue by 12% in 2022.', null)).toBeNull();
  });

  it('splits a statement page into rows that keep the years of the heading above them', () => {
    const text =
      'Consolidated Statements of Cash Flows\nFiscal Year\n2020 2019 2018\nNet cash provided by operating activities 3,676.2 2,807.0 2,841.0';
    const rows = splitSentences(text, false).filter((s) => !s.heading);
    expect(rows.map((r) => r.text)).toEqual(['Net cash provided by operating activities: 3,676.2 (2020), 2,807.0 (2019), 2,841.0 (2018).']);
  });
});

describe('tableRow', () => {
  it('reads a label and its figures by layout, whatever the currency or the sign', () => {
    expect(tableRow('Net income $ 1,168,782 $ 629,551 $ 268,395')).toEqual({
      label: 'Net income',
      figures: ['1,168,782', '629,551', '268,395'],
    });
    expect(tableRow('Restructuring and other charges (1,508) 1,559 19,883')?.figures).toEqual(['(1,508)', '1,559', '19,883']);
    expect(tableRow('Umsatzerlöse €12,50 €11,80')?.label).toBe('Umsatzerlöse');
    expect(tableRow('We grew revenue by 12% in 2022.')).toBeNull();
    expect(tableRow('2,071 2,629')).toBeNull();
  });
});
