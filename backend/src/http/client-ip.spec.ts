import { clientIp } from './client-ip';

describe(clientIp.name, () => {
  it('gives IPv4 addresses seen over an IPv6 socket in plain form', () => {
    expect(clientIp({ ip: '::ffff:203.0.113.9', socket: {} as never })).toBe('203.0.113.9');
  });

  it('keeps IPv6 addresses and falls back to the socket address', () => {
    expect(clientIp({ ip: '2001:db8::1', socket: {} as never })).toBe('2001:db8::1');
    expect(clientIp({ ip: undefined, socket: { remoteAddress: '198.51.100.2' } as never })).toBe('198.51.100.2');
    expect(clientIp({ ip: undefined, socket: {} as never })).toBe('unknown');
  });
});
