import { describe, expect, it } from 'vitest';
import { createApi, toQuery, UNAVAILABLE } from './api.ts';

const json = (status: number, body: unknown, headers?: HeadersInit) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status, headers });

describe('api client', () => {
  it('retries once on a safe method for a retryable status', async () => {
    let calls = 0;
    const api = createApi(async () =>
      ++calls === 1
        ? json(503, { status: false, message: 'busy' })
        : json(200, { status: true, items: [1] }),
    );
    expect(await api.get('/x')).toEqual({ status: true, httpStatus: 200, items: [1] });
    expect(calls).toBe(2);
  });
  it('does not retry unsafe methods', async () => {
    let calls = 0;
    const api = createApi(
      async () => (++calls, json(503, { status: false, code: 'X', message: 'busy' })),
    );
    const ans = await api.post('/x', { a: 1 });
    expect(ans.status).toBe(false);
    expect(ans.httpStatus).toBe(503);
    expect(calls).toBe(1);
  });
  it('says which url gave an empty answer', async () => {
    const api = createApi(async () => json(500, undefined));
    expect(await api.get('/api/thing')).toEqual({
      status: false,
      httpStatus: 500,
      code: 500,
      message: 'Cannot fetch data from /api/thing',
    });
  });
  it('turns a thrown fetch into status false, HTTP status 0 and code UNAVAILABLE (never 404)', async () => {
    const api = createApi(async () => {
      throw new Error('network down');
    });
    const ans = await api.get('/x');
    expect(ans).toEqual({
      status: false,
      httpStatus: 0,
      code: UNAVAILABLE,
      message: 'fetch process failed: network down',
    });
    expect(ans.code).not.toBe(404);
  });
  it('keeps status the boolean of the body and the HTTP status apart', async () => {
    const api = createApi(async () =>
      json(404, { status: false, code: 'NOT_FOUND', message: 'Product 9 not found' }),
    );
    expect(await api.get('/api/products/9')).toEqual({
      status: false,
      httpStatus: 404,
      code: 'NOT_FOUND',
      message: 'Product 9 not found',
    });
    const created = createApi(async () => json(201, { status: true, user: { id: 'u1' } }));
    expect(await created.post('/api/auth/register', {})).toEqual({
      status: true,
      httpStatus: 201,
      user: { id: 'u1' },
    });
  });
  it('reports a failed HTTP status even when the body does not say status false', async () => {
    const api = createApi(async () => json(502, { message: 'bad gateway' }));
    expect(await api.get('/x')).toMatchObject({
      status: false,
      httpStatus: 502,
      code: 502,
      message: 'bad gateway',
    });
    const html = createApi(async () => new Response('<html>proxy error</html>', { status: 502 }));
    expect(await html.get('/api/y')).toEqual({
      status: false,
      httpStatus: 502,
      code: 502,
      message: 'Cannot fetch data from /api/y',
    });
  });
  it('collects the Set-Cookie lines of its answers for an action to pass on', async () => {
    const api = createApi(async () => {
      const h = new Headers();
      h.append('set-cookie', 'sid=abc; HttpOnly; Path=/');
      h.append('set-cookie', 'seen=1; Path=/');
      return json(200, { status: true }, h);
    });
    expect(api.cookies()).toEqual([]);
    await api.post('/api/auth/login', { email: 'a@b.ng' });
    expect(api.cookies()).toEqual(['sid=abc; HttpOnly; Path=/', 'seen=1; Path=/']);
    // Each client keeps its own: another visitor's client never sees them.
    expect(createApi(async () => json(200, { status: true })).cookies()).toEqual([]);
  });
  it('sends a JSON body with its content type', async () => {
    let seen: RequestInit | undefined;
    const api = createApi(async (_path, init) => ((seen = init), json(200, { status: true })));
    await api.patch('/x', { a: 1 });
    expect(seen?.method).toBe('PATCH');
    expect(new Headers(seen?.headers).get('content-type')).toBe('application/json');
    expect(seen?.body).toBe('{"a":1}');
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
