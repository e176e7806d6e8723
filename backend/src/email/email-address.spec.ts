import vm from 'node:vm';
import { MAIL_RECIPIENT_PATTERN } from './email-address';

describe('MAIL_RECIPIENT_PATTERN', () => {
  // The vm's timeout stops a runaway match, so a pattern that backtracks fails here instead of hanging.
  const test = (text: string) => vm.runInNewContext('re.test(text)', { re: MAIL_RECIPIENT_PATTERN, text }, { timeout: 2000 }) as boolean;

  it.each(['dana@example.com', 'dana.whitfield+news@mail.example.co.uk', 'Ünïcode@exämple.org'])('takes %s', (address) => {
    expect(test(address)).toBe(true);
  });

  it.each([
    'dana',
    'dana@example',
    'dana@@example.com',
    'da na@example.com',
    'dana@example..com',
    'dana@.example.com',
    'dana@example.com.',
  ])('refuses %s', (address) => {
    expect(test(address)).toBe(false);
  });

  it('answers at once on a body of dots (once quadratic: 16 s for 100 kB)', () => {
    expect(test(`a@${'.'.repeat(100_000)}@`)).toBe(false);
    expect(test(`a@${'b.'.repeat(50_000)}`)).toBe(false);
  });
});
