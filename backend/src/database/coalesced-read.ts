/**
 * One read shared by every caller that asks while it is outstanding, without ever answering a caller
 * with a value read before it asked: a caller arriving while a read is in flight (which may have begun
 * before the caller's own question) waits for the next read, which starts when that one ends and
 * serves everyone who arrived meanwhile. Under load at most two reads are outstanding however many
 * callers ask; each caller's answer is as fresh as a read of its own would have been.
 */
export class CoalescedRead<T> {
  private inFlight: Promise<T> | null = null;
  private next: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (!this.inFlight) return this.start();
    this.next ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<T> {
    const read = this.read().finally(() => {
      if (this.inFlight === read) this.inFlight = null;
    });
    this.inFlight = read;
    return read;
  }
}
