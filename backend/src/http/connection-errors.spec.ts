import { isConnectionError } from './connection-errors';
import { toHttpError } from './http-exception.filter';

describe('isConnectionError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises lost or refused connections by code and class, wrapped or not', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('08006'),
      withCode('57P01', 'terminating connection due to administrator command'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }),
      Object.assign(new Error('query failed'), { driverError: withCode('ECONNRESET') }),
      Object.assign(new AggregateError([withCode('ECONNREFUSED')], 'connect failed'), {}),
    ]) {
      expect({ err: String(err), connection: isConnectionError(err) }).toEqual({ err: String(err), connection: true });
    }
  });

  it("leaves other failures alone, the AI provider's included (a 502)", () => {
    const provider = Object.assign(new Error('Connection error.', { cause: withCode('ECONNREFUSED') }), { name: 'APIConnectionError' });
    for (const err of [
      new Error('boom'),
      withCode('23505', 'duplicate key'),
      withCode('42P01'),
      null,
      'text',
      new TypeError('x'),
      provider,
    ]) {
      expect(isConnectionError(err)).toBe(false);
    }
  });

  it('turns them into 503 with the unavailable message', () => {
    expect(toHttpError(withCode('ECONNREFUSED'))).toEqual({
      status: 503,
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
    });
    expect(toHttpError(new Error('boom')).status).toBe(500);
  });
});
