import { isAllowedOrigin } from './origin.middleware';

describe(isAllowedOrigin.name, () => {
  const appUrl = 'https://assistant.example.org';

  it.each([
    ['the request host', 'http://127.0.0.1:4321', '127.0.0.1:4321', true],
    ['the APP_URL host', 'https://assistant.example.org', 'internal:3000', true],
    ['another site', 'https://evil.example', '127.0.0.1:4321', false],
    ['another port of the same host', 'http://127.0.0.1:9999', '127.0.0.1:4321', false],
    ['a look-alike suffix', 'https://assistant.example.org.evil.example', 'internal:3000', false],
    ['the opaque origin "null"', 'null', '127.0.0.1:4321', false],
    ['a non-web scheme', 'file://127.0.0.1:4321', '127.0.0.1:4321', false],
    ['garbage', '::::', '127.0.0.1:4321', false],
  ])('%s → %s', (_case, origin, host, allowed) => {
    expect(isAllowedOrigin(origin, host, appUrl)).toBe(allowed);
  });
});
