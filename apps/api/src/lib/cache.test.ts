import { describe, expect, it } from 'vitest';
import { cacheRegistry, memo } from './cache.ts';

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
