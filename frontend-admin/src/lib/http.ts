import { ApiError as HttpError, throwIfNotOk } from '@rules/http-error';

// A non-OK response and its message (PRODUCT.md §8, §7 for the upload: 'status: text'): the rule both apps share.
export { HttpError, throwIfNotOk };

/**
 * Sends a request with credentials; a JSON content type only when there is a JSON body
 * (FormData sets its own multipart type).
 */
export async function apiFetch(url: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<Response> {
  const { method = 'GET', body, signal } = init;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    signal,
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return res;
}

/** `apiFetch` and the JSON body (undefined when empty, e.g. 204). */
export async function apiJson<T>(url: string, init?: Parameters<typeof apiFetch>[1]): Promise<T> {
  const res = await apiFetch(url, init);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The user-facing text of an error: an HTTP error's body text or, when the body is the API's JSON
 * `{message}`, that message; any other error's message. Empty when there is nothing meaningful.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return '';
  const text = (error instanceof HttpError ? error.text : error.message).trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : '';
    } catch {
      return text;
    }
  }
  return text;
}

/** The file name of a Content-Disposition header, if any. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1];
}

/** Saves a blob as a file in the browser. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
