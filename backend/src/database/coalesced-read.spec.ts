import { CoalescedRead } from './coalesced-read';

/** A read whose answers the test releases by hand: each read returns the value current when it started. */
function controlledSource() {
  let value = 0;
  const pending: (() => void)[] = [];
  let reads = 0;
  const read = () => {
    reads++;
    const seen = value;
    return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
  };
  return {
    read,
    set: (v: number) => (value = v),
    reads: () => reads,
    finishOldest: async () => {
      pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('CoalescedRead', () => {
  it('serves callers who ask at the same moment with one read', async () => {
    const src = controlledSource();
    const shared = new CoalescedRead(src.read);
    src.set(1);
    const first = shared.get();
    const [a, b, c] = [shared.get(), shared.get(), shared.get()];
    await src.finishOldest(); // the first read (value 1)
    await src.finishOldest(); // the read the other three joined (value 1)
    expect(await Promise.all([first, a, b, c])).toEqual([1, 1, 1, 1]);
    expect(src.reads()).toBe(2);
  });

  it('never answers a caller with a value read before it asked', async () => {
    const src = controlledSource();
    const shared = new CoalescedRead(src.read);
    src.set(1);
    const early = shared.get(); // its read sees 1
    src.set(2); // a write commits while that read is in flight
    const late = shared.get(); // asked after the write: must see 2
    await src.finishOldest();
    expect(await early).toBe(1);
    await src.finishOldest();
    expect(await late).toBe(2);
  });

  it('keeps serving after a failed read', async () => {
    let fail = true;
    const shared = new CoalescedRead(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(7)));
    await expect(shared.get()).rejects.toThrow('down');
    fail = false;
    await expect(shared.get()).resolves.toBe(7);
  });
});
