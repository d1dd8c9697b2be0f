import { describe, expect, it } from 'vitest';
import { createApi, toQuery } from './api.ts';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status });

describe('api client', () => {
  it('retries once on a safe method for a retryable status', async () => {
    let calls = 0;
    const api = createApi(async () =>
      ++calls === 1
        ? json(503, { status: false, message: 'busy' })
        : json(200, { status: true, items: [1] }),
    );
    expect(await api.get('/x')).toEqual({ status: true, items: [1] });
    expect(calls).toBe(2);
  });
  it('does not retry unsafe methods', async () => {
    let calls = 0;
    const api = createApi(
      async () => (++calls, json(503, { status: false, code: 'X', message: 'busy' })),
    );
    const ans = await api.post('/x', { a: 1 });
    expect(ans.status).toBe(false);
    expect(calls).toBe(1);
  });
  it('says which url gave an empty answer', async () => {
    const api = createApi(async () => json(500, undefined));
    expect(await api.get('/api/thing')).toEqual({
      status: false,
      code: 500,
      message: 'Cannot fetch data from /api/thing',
    });
  });
  it('turns a thrown fetch into status false with code 404', async () => {
    const api = createApi(async () => {
      throw new Error('network down');
    });
    expect(await api.get('/x')).toEqual({
      status: false,
      code: 404,
      message: 'fetch process failed: network down',
    });
  });
  it('swallows lookup failures as an empty list', async () => {
    const api = createApi(async () => json(500, { status: false, message: 'no' }));
    expect(await api.lookup('/api/database/states/NG')).toEqual([]);
  });
  it('omits empty query values', () => {
    expect(toQuery({ a: 1, b: '', c: undefined, d: null, e: 'x y' })).toBe('?a=1&e=x+y');
    expect(toQuery({})).toBe('');
  });
});
