/**
 * A non-OK response of the API as both apps report it (PRODUCT.md §8): its message is 'status: body text'
 * (the status text when the body is empty); the status and that text are kept as data, so nothing reads
 * them back out of the message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The body text, or the status text when the body is empty. */
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

/** Throws the response's ApiError unless it is OK. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw new ApiError(res.status, (await res.text().catch(() => '')) || res.statusText);
}
