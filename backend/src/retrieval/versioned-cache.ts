/**
 * A value built from a read that also says the content version it was made at (moves whenever a
 * document is embedded, re-embedded or removed), kept until a search sees another version
 * (`sawContentVersion`). Each search reads the version in its own statement, so checking costs no
 * round trip; the one search after a change (here or in another process) still gets the value from
 * before it.
 *
 * - One read at a time: callers arriving while it runs share it (and its failure: a failed read is not
 *   kept, the next caller reads again).
 * - Once a search saw another version, the value is not served again before a new read.
 * - A new read finding the version unchanged keeps the value as it is (with whatever it has gathered
 *   since, e.g. counted words); only a new version builds a new one.
 */
export class VersionedCache<R extends { version: string }, T> {
  private entry: { version: string; stale: boolean; value: T } | null = null;
  /** The read in progress (callers arriving meanwhile share it). */
  private loading: Promise<T> | null = null;

  /** `read`: the data and its content version (one statement); `build`: the value kept, from a new version's data. */
  constructor(
    private readonly read: () => Promise<R>,
    private readonly build: (data: R) => T,
  ) {}

  /** The value last read, current or not (undefined before the first read). */
  get cached(): T | undefined {
    return this.entry?.value;
  }

  /** The value at the content version last seen: read again first when a search saw it move. */
  get(): Promise<T> {
    if (this.entry && !this.entry.stale) return Promise.resolve(this.entry.value);
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  /** A search ran at `version` (null: it found nothing): the value is read again if it moved. */
  sawContentVersion(version: string | null): void {
    if (this.entry && version !== null && version !== this.entry.version) this.entry.stale = true;
  }

  private async load(): Promise<T> {
    const data = await this.read();
    if (this.entry?.version === data.version) {
      this.entry.stale = false;
      return this.entry.value;
    }
    this.entry = { version: data.version, stale: false, value: this.build(data) };
    return this.entry.value;
  }
}
