import vm from 'node:vm';
import { isBiography, isFiller } from './filler';

describe('isFiller', () => {
  it.each([
    'Tony Russo, Keystone Equipment Finance.',
    'Thank you all for coming.',
    'Good morning, everyone, and welcome to the panel.',
    'My name is Dana Whitfield and I lead credit at a bank.',
    'Let me introduce our first panelist.',
    'Can everyone hear me in the back?',
    'Residual Risk and Electric Equipment',
    'In this file, the guarantor has a 742 credit score and a clean history.',
    'Payments: $4,458 per month in arrears.',
  ])('flags %j', (s) => {
    expect(isFiller(s)).toBe(true);
  });

  it.each([
    'Residual values of electric equipment are harder to forecast because the secondary market is thin.',
    'We recommend pulling a second credit bureau for any application above $250,000.',
    'Net income: 4,000 (2022), 3,900 (2021).',
    'Cash and cash equivalents: 1,671, 2,148.',
    'Delinquencies rose 40 basis points in the fourth quarter, mostly in trucking.',
    'Professor: The detector needs more training data before it generalises.',
    'Thanks to the new scoring model, approvals now take two hours instead of two days.',
  ])('keeps %j', (s) => {
    expect(isFiller(s)).toBe(false);
  });
});

describe('isFiller counts words however the sentence is spaced', () => {
  // Thanks in 16 words is courtesy; in 17 it carries more than thanks.
  const thanks = (extra: string[]) =>
    ['Thank', 'you', 'all', 'for', 'coming,', 'it', 'was', 'a', 'real', 'pleasure', 'to', 'see', 'so', 'many', 'of', ...extra].join(
      ' \u00a0\t ',
    );

  it('treats thanks of sixteen words as courtesy and seventeen as a finding', () => {
    expect(isFiller(`  ${thanks(['you.'])}  `)).toBe(true);
    expect(isFiller(`\n${thanks(['you', 'today.'])}`)).toBe(false);
  });
});

describe('isFiller on text built to make a regular expression backtrack', () => {
  // A 10-K's line of capitals after a comma ('TOTAL, CONSOLIDATEDSTATEMENTS… x') once made the
  // name-and-affiliation rule try every way of splitting the capitals into words: exponential in their
  // number (a Coca-Cola question took 3 minutes of the API's only thread). The vm's timeout stops a
  // runaway match, so a regression fails here instead of hanging the suite; a correct rule takes
  // microseconds, far under it.
  const runs = (text: string) => vm.runInNewContext('isFiller(text)', { isFiller, text }, { timeout: 2000 }) as boolean;

  it.each([
    ['capitals after a comma (a heading: filler)', `TOTAL, ${'A'.repeat(60)} x`, true],
    ['capitals after a comma in a sentence', `TOTAL, ${'A'.repeat(60)} x rose by 4% in the year.`, false],
    ['many capitalised words after a comma', `Revenue, ${'Net Income Total Assets '.repeat(40)}x`, false],
    ['a long list of names', `${'Ann Lee, Bo Diaz, '.repeat(200)}and more`, false],
  ])('%s: answers without running away', (_label, text, filler) => {
    expect(runs(text)).toBe(filler);
  });

  it('still tells a name with its affiliation', () => {
    expect(runs('Tony Russo, Keystone Equipment Finance.')).toBe(true);
    expect(runs('Dana Whitfield, Chief Economist, Keystone Leasing Research')).toBe(true);
  });
});

describe('isBiography', () => {
  it.each([
    'Rebecca Lindqvist is chief credit officer at Summit Ridge Bank Equipment Finance.',
    'Tomás Echeverría is senior vice president of credit at Granite Peak Capital, an independent.',
    'She has 20 years of experience in equipment lending.',
    'Elaine has been at Hartwell for twenty-two years, starting as a credit analyst, and has run the captive since 2019.',
    'Our speaker has led the economics team at Keystone Leasing Research for nine years.',
    'Prior to joining the bank, he ran leasing at a captive.',
  ])('is true for a speaker’s career: %s', (text) => {
    expect(isBiography(text)).toBe(true);
  });
  it.each([
    'Used truck values fell 18 percent in 2024, so lenders shortened terms to 48 months on older units.',
    'We have been leasing trucks for 20 years, and residuals held up in every downturn.',
    'Delinquency has been below 2% for five years across the industry, even with Fed hikes.',
    'The average age of private nonresidential equipment in the United States is now about 7.8 years.',
    'Our rule of thumb is to keep residual exposure under 30 percent of the original equipment cost.',
    'Boeing has long-standing relationships with our Chinese customers, who represent a key component of our backlog.',
  ])('is false for a finding: %s', (text) => {
    expect(isBiography(text)).toBe(false);
  });
});
