import { isFiller } from './filler';

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
