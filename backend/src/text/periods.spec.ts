import { periodLabel, periodsIn, samePeriod } from './periods';

describe('periodsIn', () => {
  it.each([
    ['What was the total revenue in FY2019?', [{ year: 2019, quarter: null }]],
    [
      'fiscal 2019 against fiscal year 2018',
      [
        { year: 2019, quarter: null },
        { year: 2018, quarter: null },
      ],
    ],
    [
      'FY 2023 vs FY 2022',
      [
        { year: 2023, quarter: null },
        { year: 2022, quarter: null },
      ],
    ],
    [
      'Sales in FY23 and FY22',
      [
        { year: 2023, quarter: null },
        { year: 2022, quarter: null },
      ],
    ],
    ['net income in Q3 2020', [{ year: 2020, quarter: 3 }]],
    ['net income in 2020 Q3', [{ year: 2020, quarter: 3 }]],
    ['As of FY2021Q1, what', [{ year: 2021, quarter: 1 }]],
    ['revenue in the third quarter of 2020', [{ year: 2020, quarter: 3 }]],
    ['in the second fiscal quarter of 2023', [{ year: 2023, quarter: 2 }]],
    [
      'December 31, 2019 December 31, 2018',
      [
        { year: 2019, quarter: null },
        { year: 2018, quarter: null },
      ],
    ],
    ['Fiscal Year 2020 2019 2018', [2020, 2019, 2018].map((year) => ({ year, quarter: null }))],
  ])('%s', (text, expected) => {
    expect(periodsIn(text)).toEqual(expected);
  });

  it('reads no year in amounts or in a date without one', () => {
    expect(periodsIn('$2,020 and 2019.5 million; Year Ended December 31,')).toEqual([]);
  });

  it('matches a column of the same year, its quarter when both name one', () => {
    expect(samePeriod({ year: 2020, quarter: 3 }, { year: 2020, quarter: null })).toBe(true);
    expect(samePeriod({ year: 2020, quarter: 3 }, { year: 2020, quarter: 2 })).toBe(false);
    expect(samePeriod({ year: 2020, quarter: null }, { year: 2019, quarter: null })).toBe(false);
    expect(periodLabel({ year: 2020, quarter: 3 })).toBe('Q3 2020');
  });
});
