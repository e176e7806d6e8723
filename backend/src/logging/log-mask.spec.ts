import { maskEmail, maskSecrets } from './log-mask';

describe(maskSecrets.name, () => {
  it('masks an email address but keeps its first letter and domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskSecrets('sign-in link sent to Admin@Conf.example.org today')).toBe('sign-in link sent to A***@Conf.example.org today');
  });

  it('masks the user and password of a URL and secret query parameters', () => {
    expect(maskSecrets('connect postgresql://app:s3cret@db:5432/conference failed')).toBe(
      'connect postgresql://***@db:5432/conference failed',
    );
    expect(maskSecrets('redis://:pw@127.0.0.1:6379')).toBe('redis://***@127.0.0.1:6379');
    expect(maskSecrets('smtps://mailer@smtp.example.com')).toBe('smtps://***@smtp.example.com');
    expect(maskSecrets('GET https://app.test/api/auth/verify?token=abc_DEF-123&x=1')).toBe(
      'GET https://app.test/api/auth/verify?token=***&x=1',
    );
  });

  it('leaves ordinary text alone', () => {
    expect(maskSecrets('document 12 embedded in 3 s (http://localhost:3000/admin)')).toBe(
      'document 12 embedded in 3 s (http://localhost:3000/admin)',
    );
  });
});
