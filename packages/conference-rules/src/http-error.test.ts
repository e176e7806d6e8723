import { describe, expect, it } from 'vitest';
import { ApiError, throwIfNotOk } from './http-error';

describe('API errors (PRODUCT.md §8)', () => {
  it("reads 'status: body text', the status text when the body is empty, and keeps both as data", async () => {
    await expect(throwIfNotOk(new Response('ok', { status: 200 }))).resolves.toBeUndefined();
    const withBody = await throwIfNotOk(new Response('{"message":"Not found"}', { status: 404, statusText: 'Not Found' })).catch(
      (e: unknown) => e,
    );
    expect(withBody).toBeInstanceOf(ApiError);
    expect(withBody).toMatchObject({ message: '404: {"message":"Not found"}', status: 404, text: '{"message":"Not found"}' });
    const empty = await throwIfNotOk(new Response(null, { status: 503, statusText: 'Service Unavailable' })).catch((e: unknown) => e);
    expect(empty).toMatchObject({ message: '503: Service Unavailable', status: 503, text: 'Service Unavailable' });
  });
});
