import { describe, expect, it } from 'vitest';
import { cacheRegistry, memo } from './cache.ts';
import { metrics } from './metrics.ts';

describe('memo', () => {
  it('calls once per argument within the ttl and again after it', async () => {
    let calls = 0;
    const f = memo(async (x: number) => (calls++, x * 2), 50);
    expect(await f(2)).toBe(4);
    expect(await f(2)).toBe(4);
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    await f(2);
    expect(calls).toBe(2);
  });
  it('does not keep failures', async () => {
    let calls = 0;
    const f = memo(async () => {
      calls++;
      if (calls === 1) throw new Error('db down');
      return 'ok';
    });
    await expect(f(undefined)).rejects.toThrow('db down');
    expect(await f(undefined)).toBe('ok');
  });
  it('holds at most `max` entries', async () => {
    let calls = 0;
    const f = memo(async (x: number) => (calls++, x), Infinity, 2);
    await f(1);
    await f(2);
    await f(3);
    await f(1);
    expect(calls).toBe(4);
  });

  it('drops the least recently used answer, not the oldest: a busy key stays', async () => {
    let calls = 0;
    const f = memo(async (x: number) => (calls++, x), Infinity, 2);
    await f(1);
    await f(2);
    await f(1); // 1 is busy
    await f(3); // 2, idle since it came, goes
    await f(1);
    expect(calls).toBe(3);
    await f(2);
    expect(calls).toBe(4);
  });
  it('holds at most maxBytes of answers by their JSON size', async () => {
    const f = memo(async (x: number) => 'x'.repeat(1000) + x, Infinity, 1000, 0, {
      maxBytes: 5000,
    });
    for (let i = 0; i < 20; i++) await f(i);
    await new Promise((r) => setImmediate(r));
    const { entries, bytes } = f.stats();
    expect(bytes).toBeLessThanOrEqual(5000);
    expect(entries).toBe(4);
    // One answer heavier than the whole cache is given, not kept.
    const g = memo(async () => 'y'.repeat(10_000), Infinity, 10, 0, { maxBytes: 5000 });
    expect((await g(undefined)).length).toBe(10_000);
    await new Promise((r) => setImmediate(r));
    expect(g.stats().entries).toBe(0);
  });
  it('counts hits, misses and stale answers under its name', async () => {
    const name = `test-${Math.random()}`;
    const f = memo(async (x: number) => x, 20, 10, 1000, { name });
    await f(1);
    await f(1);
    await new Promise((r) => setTimeout(r, 30));
    await f(1);
    const got = Object.fromEntries(
      (await metrics.cacheRequests.get()).values
        .filter((v) => v.labels.cache === name)
        .map((v) => [v.labels.result, v.value]),
    );
    expect(got).toEqual({ miss: 1, hit: 1, stale: 1 });
  });

  describe('with staleMs', () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    /** A source whose answers say which call gave them, and which can be held or failed. */
    const source = () => {
      const s = { calls: 0, fail: false, gate: Promise.resolve() };
      const fn = async (x: string) => {
        const n = ++s.calls;
        await s.gate;
        if (s.fail) throw new Error('db down');
        return `${x}#${n}`;
      };
      return { s, fn };
    };

    it('answers at once with the expired answer while one call refreshes it', async () => {
      const { s, fn } = source();
      const f = memo(fn, 30, 100, 1000);
      expect(await f('a')).toBe('a#1');
      await sleep(40);
      let open!: () => void;
      s.gate = new Promise<void>((r) => (open = r));
      // Expired: three requests get the old answer without waiting, and start one refresh.
      expect(await Promise.all([f('a'), f('a'), f('a')])).toEqual(['a#1', 'a#1', 'a#1']);
      expect(s.calls).toBe(2);
      open();
      await sleep(5);
      expect(await f('a')).toBe('a#2');
      expect(s.calls).toBe(2);
    });

    it('waits for a fresh answer once the stale time is over too', async () => {
      const { s, fn } = source();
      const f = memo(fn, 20, 100, 20);
      await f('a');
      await sleep(50);
      expect(await f('a')).toBe('a#2');
      expect(s.calls).toBe(2);
    });

    it('never serves what a clear dropped, nor lets an older refresh put it back', async () => {
      const { s, fn } = source();
      const f = memo(fn, 20, 100, 1000);
      await f('a');
      await sleep(30);
      let open!: () => void;
      s.gate = new Promise<void>((r) => (open = r));
      expect(await f('a')).toBe('a#1'); // refresh #2 held
      f.clear();
      s.gate = Promise.resolve();
      expect(await f('a')).toBe('a#3'); // after the clear: fetched, not the stale #1
      open();
      await sleep(5);
      expect(await f('a')).toBe('a#3'); // #2 began before the clear and is dropped
    });

    it('spreads the expiry of answers filled together', async () => {
      const { s, fn } = source();
      const f = memo(fn, 1000, 200, 5000);
      const keys = Array.from({ length: 100 }, (_, i) => `k${i}`);
      await Promise.all(keys.map(f));
      // Fresh for 750-1000 ms each: at 850 ms some have expired (a refresh each), not all.
      await sleep(850);
      await Promise.all(keys.map(f));
      const refreshed = s.calls - 100;
      expect(refreshed).toBeGreaterThan(0);
      expect(refreshed).toBeLessThan(100);
    });

    it('keeps the stale answer when a refresh fails, and tries again on the next request', async () => {
      const { s, fn } = source();
      const f = memo(fn, 20, 100, 1000);
      await f('a');
      await sleep(30);
      s.fail = true;
      expect(await f('a')).toBe('a#1');
      await sleep(5);
      expect(await f('a')).toBe('a#1');
      expect(s.calls).toBe(3);
      await sleep(5); // refresh #3 has failed
      s.fail = false;
      expect(await f('a')).toBe('a#1'); // refresh #4 begins
      await sleep(5);
      expect(await f('a')).toBe('a#4');
    });
  });
});

describe('cacheRegistry', () => {
  it("a clear reaches every cache registered on the key, and no other key's", () => {
    const reg = cacheRegistry<object>();
    const [a, b] = [{}, {}];
    const cleared: string[] = [];
    reg.add(a, { clear: () => cleared.push('a1') });
    reg.add(a, { clear: () => cleared.push('a2') });
    reg.add(b, { clear: () => cleared.push('b') });
    reg.clear(a);
    expect(cleared).toEqual(['a1', 'a2']);
    reg.clear({});
    expect(cleared).toEqual(['a1', 'a2']);
  });
});
