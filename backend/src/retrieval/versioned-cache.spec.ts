import { VersionedCache } from './versioned-cache';

/**
 * A source whose reads wait until `settle` answers them (at the version then current, or with an
 * error), so callers can be made to arrive while a read runs; `build` makes a new object each time.
 */
function source(version = '1') {
  const state = { version, reads: 0, builds: 0 };
  const pending: { resolve: (r: { version: string }) => void; reject: (e: Error) => void }[] = [];
  const read = () => {
    state.reads++;
    return new Promise<{ version: string }>((resolve, reject) => pending.push({ resolve, reject }));
  };
  const build = (data: { version: string }) => ({ builtAt: data.version, build: ++state.builds });
  const settle = async (error?: Error) => {
    for (const p of pending.splice(0)) {
      if (error) p.reject(error);
      else p.resolve({ version: state.version });
    }
    await new Promise((r) => setImmediate(r));
  };
  return { state, read, build, settle };
}

describe(VersionedCache.name, () => {
  it('reads once per content version, the callers arriving during the read sharing it', async () => {
    const src = source();
    const sut = new VersionedCache(src.read, src.build);
    const callers = [sut.get(), sut.get(), sut.get()];
    await src.settle();
    const [a, b, c] = await Promise.all(callers);
    expect(src.state.reads).toBe(1);
    expect(a).toEqual({ builtAt: '1', build: 1 });
    expect(b).toBe(a);
    expect(c).toBe(a);
    sut.sawContentVersion('1');
    sut.sawContentVersion(null);
    // A read starts at once when one is needed: checked before waiting for the value.
    const again = sut.get();
    expect(src.state.reads).toBe(1);
    expect(await again).toBe(a);
  });

  it('reads again, once for all callers, after a search saw another version, and builds the new version', async () => {
    const src = source();
    const sut = new VersionedCache(src.read, src.build);
    const first = sut.get();
    await src.settle();
    const old = await first;
    src.state.version = '2';
    sut.sawContentVersion('2');
    // The value last read stays visible (e.g. for a cache size), but is not served.
    expect(sut.cached).toBe(old);
    const callers = [sut.get(), sut.get()];
    await src.settle();
    const [a, b] = await Promise.all(callers);
    expect(src.state.reads).toBe(2);
    expect(a).toEqual({ builtAt: '2', build: 2 });
    expect(b).toBe(a);
    expect(sut.cached).toBe(a);
    const again = sut.get();
    expect(src.state.reads).toBe(2);
    expect(await again).toBe(a);
  });

  it('keeps the value as it is when the new read finds the version unchanged', async () => {
    const src = source();
    const sut = new VersionedCache(src.read, src.build);
    const first = sut.get();
    await src.settle();
    const value = await first;
    sut.sawContentVersion('2');
    const again = sut.get();
    await src.settle();
    expect(await again).toBe(value);
    expect(src.state).toEqual({ version: '1', reads: 2, builds: 1 });
    // Current again: no read until a search sees another version.
    const current = sut.get();
    expect(src.state.reads).toBe(2);
    expect(await current).toBe(value);
  });

  it('does not keep a failed read: every caller waiting on it fails, the next one reads again', async () => {
    const src = source();
    const sut = new VersionedCache(src.read, src.build);
    const failing = [sut.get(), sut.get()];
    await src.settle(new Error('database down'));
    await expect(Promise.all(failing)).rejects.toThrow('database down');
    expect(src.state.reads).toBe(1);
    expect(sut.cached).toBeUndefined();
    const next = sut.get();
    await src.settle();
    expect(await next).toEqual({ builtAt: '1', build: 1 });
    expect(src.state.reads).toBe(2);
  });

  it('serves no value from before a newer version even when reading it again fails', async () => {
    const src = source();
    const sut = new VersionedCache(src.read, src.build);
    const first = sut.get();
    await src.settle();
    await first;
    src.state.version = '2';
    sut.sawContentVersion('2');
    const failing = sut.get();
    await src.settle(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    // Still out of date: the next caller reads again rather than getting version 1's value.
    const next = sut.get();
    await src.settle();
    expect(await next).toEqual({ builtAt: '2', build: 2 });
    expect(src.state.reads).toBe(3);
  });

  it('ignores a version seen before anything was read', async () => {
    const src = source();
    const sut = new VersionedCache(src.read, src.build);
    sut.sawContentVersion('7');
    const first = sut.get();
    await src.settle();
    expect(await first).toEqual({ builtAt: '1', build: 1 });
    expect(src.state.reads).toBe(1);
  });
});
