import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, dispositionFileName, errorText, HttpError } from './http';

describe('API client (PRODUCT.md §7, §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('always sends credentials and a JSON content type only with a body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/x');
    await apiFetch('/api/y', { method: 'POST', body: { a: 1 } });
    const form = new FormData();
    await apiFetch('/api/z', { method: 'POST', body: form });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'GET', credentials: 'include', headers: undefined, body: undefined });
    expect(fetchMock.mock.calls[1][1]).toMatchObject({
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(fetchMock.mock.calls[2][1]).toMatchObject({ credentials: 'include', headers: undefined, body: form });
  });

  it("turns a non-OK answer into 'status: body text', or the status text when empty", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('{"message":"Nope"}', { status: 400 }))
        .mockResolvedValueOnce(new Response('', { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(apiFetch('/api/a')).rejects.toThrow('400: {"message":"Nope"}');
    await expect(apiFetch('/api/b')).rejects.toThrow('503: Service Unavailable');
  });

  it('shows the server message of an error', () => {
    expect(errorText(new HttpError(400, '{"message":"Nope"}'))).toBe('Nope');
    expect(errorText(new HttpError(500, 'plain'))).toBe('plain');
    expect(errorText(new HttpError(502, '504: from upstream'))).toBe('504: from upstream');
    expect(errorText(new Error('Import failed'))).toBe('Import failed');
    expect(errorText('x')).toBe('');
  });

  it('reads a download file name', () => {
    expect(dispositionFileName('attachment; filename="slides.pdf"')).toBe('slides.pdf');
    expect(dispositionFileName('attachment; filename="x.pdf"; filename*=UTF-8\'\'caf%C3%A9.pdf')).toBe('café.pdf');
    expect(dispositionFileName(null)).toBeUndefined();
  });
});
