import { DeferredWrites, MAX_DEFER_MS } from './deferred-writes';

const tick = () => new Promise((r) => setImmediate(r));

describe('DeferredWrites', () => {
  afterEach(() => jest.useRealTimers());

  it('starts a write at once when nobody waits, with its result', async () => {
    const writes = new DeferredWrites();
    await expect(writes.later(async () => 'row')).resolves.toBe('row');
  });

  it('holds writes while a user waits and starts them when the last wait ends', async () => {
    const writes = new DeferredWrites();
    const started: string[] = [];
    const first = writes.wait();
    const second = writes.wait();
    const a = writes.later(async () => started.push('a'));
    const b = writes.later(async () => started.push('b'));
    await tick();
    expect(started).toEqual([]);
    first();
    first(); // a second call of the same wait ends nothing more
    await tick();
    expect(started).toEqual([]);
    second();
    await Promise.all([a, b]);
    expect(started).toEqual(['a', 'b']);
  });

  it('starts a held write after MAX_DEFER_MS when users keep waiting', async () => {
    jest.useFakeTimers();
    const writes = new DeferredWrites();
    writes.wait();
    let started = false;
    const write = writes.later(async () => (started = true));
    await jest.advanceTimersByTimeAsync(MAX_DEFER_MS - 1);
    expect(started).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await write;
    expect(started).toBe(true);
  });

  it("passes a write's failure to its caller", async () => {
    const writes = new DeferredWrites();
    const end = writes.wait();
    const failing = writes.later(async () => {
      throw new Error('insert failed');
    });
    end();
    await expect(failing).rejects.toThrow('insert failed');
  });

  it('starts and awaits every held write at shutdown', async () => {
    const writes = new DeferredWrites();
    writes.wait();
    let done = false;
    void writes.later(async () => {
      await tick();
      done = true;
    });
    await writes.onModuleDestroy();
    expect(done).toBe(true);
  });
});
