import { describe, expect, it } from 'vitest';
import { createApi, type AnyAnswer, type ApiAnswer } from './api.ts';
import {
  formStatus,
  notFound,
  pageError,
  pageStatus,
  serverApi,
  throwUnlessOk,
  type PageErrorOptions,
} from './api.server.ts';

const failed = (httpStatus: number, code?: string | number, message?: string): ApiAnswer => ({
  status: false,
  httpStatus,
  code: code ?? httpStatus,
  message,
});

/** What a loader would throw: the error page's status, status text and message. */
function thrown(ans: AnyAnswer, opts: PageErrorOptions) {
  try {
    throwUnlessOk(ans, opts);
  } catch (e) {
    const d = e as { init: ResponseInit; data: { message: string } };
    return { status: d.init.status, statusText: d.init.statusText, message: d.data.message };
  }
  return null;
}

describe('pageStatus: what a failed answer means for the page', () => {
  it('is 404 when the record does not exist', () => {
    expect(pageStatus(failed(404, 'NOT_FOUND'))).toBe(404);
    expect(pageStatus(failed(404))).toBe(404);
  });
  it('is 400 for refused input, or 404 when that input is the record named in the URL', () => {
    expect(pageStatus(failed(400, 'VALIDATION'))).toBe(400);
    expect(pageStatus(failed(422))).toBe(400);
    expect(pageStatus(failed(400, 'VALIDATION'), 404)).toBe(404);
  });
  it('is 503 when no answer arrived, the server failed or is busy: never 404', () => {
    expect(pageStatus(failed(0, 'UNAVAILABLE'))).toBe(503);
    expect(pageStatus(failed(0, 'UNAVAILABLE'), 404)).toBe(503);
    for (const s of [500, 502, 503, 504, 429, 408]) expect(pageStatus(failed(s), 404)).toBe(503);
  });
});

describe('throwUnlessOk: one mapper for every loader', () => {
  const opts = { what: 'Product', invalidIsMissing: true };
  it('returns on a successful answer', () => {
    const product = { status: true, httpStatus: 200, item: {} };
    expect(thrown(product, opts)).toBeNull();
  });
  it('throws 404 with the given message, else the API message, else "<what> not found"', () => {
    expect(thrown(failed(404, 'NOT_FOUND', 'Product 9 not found'), opts)).toEqual({
      status: 404,
      statusText: 'Not Found',
      message: 'Product 9 not found',
    });
    expect(thrown(failed(404), { ...opts, missing: 'No product 9' })?.message).toBe('No product 9');
    expect(thrown(failed(404), opts)?.message).toBe('Product not found');
  });
  it('throws 400 with the API message when bad input is not a missing record', () => {
    expect(thrown(failed(400, 'VALIDATION', 'Choose a state'), { what: 'Mechanic list' })).toEqual({
      status: 400,
      statusText: 'Bad Request',
      message: 'Choose a state',
    });
  });
  it('throws 503 "service unavailable" when the API could not be reached', async () => {
    const down = createApi(async () => {
      throw new TypeError('fetch failed');
    });
    const ans = await down.get('/api/products/5');
    const page = thrown(ans, opts);
    expect(page?.status).toBe(503);
    expect(page?.statusText).toBe('Service Unavailable');
    expect(page?.message).toMatch(/^Service unavailable/);
    expect(page?.message).not.toMatch(/not found/i);
  });
  it('throws 503 for a server error even when the API said NOT_FOUND-like words', () => {
    expect(thrown(failed(500, 'INTERNAL', 'Product table missing'), opts)?.status).toBe(503);
  });
  it('builds the same page through pageError and notFound', () => {
    const e = pageError(failed(502), { what: 'Store' }) as unknown as { init: ResponseInit };
    expect(e.init.status).toBe(503);
    const n = notFound('Store not found') as unknown as {
      init: ResponseInit;
      data: { message: string };
    };
    expect(n.init.status).toBe(404);
    expect(n.data.message).toBe('Store not found');
  });
});

describe('formStatus: the status of a form answer', () => {
  it("passes the API's 4xx on and turns anything else into 503", () => {
    for (const s of [400, 401, 404, 409, 429]) expect(formStatus(failed(s))).toBe(s);
    for (const s of [0, 500, 502, 200]) expect(formStatus(failed(s))).toBe(503);
  });
});

describe('serverApi', () => {
  it('refuses to run without the server context', () => {
    expect(() => serverApi(undefined)).toThrow(/server context/);
  });
  it('calls through the context transport', async () => {
    const api = serverApi({
      nonce: 'n',
      fetch: async (path: string) => new Response(JSON.stringify({ status: true, path })),
    });
    expect(await api.get('/api/health')).toEqual({
      status: true,
      httpStatus: 200,
      path: '/api/health',
    });
  });
  it('keeps the reference lists under /api/database/ across pages, and nothing else', async () => {
    const asked: string[] = [];
    let down = true;
    const context = () => ({
      nonce: 'n',
      fetch: async (path: string) => {
        asked.push(path);
        if (down && path.includes('/cities/')) return new Response('', { status: 503 });
        return new Response(JSON.stringify({ status: true, items: [{ label: path, value: 1 }] }));
      },
    });
    const states = '/api/database/states/NG';
    const cities = '/api/database/cities/7424';
    const categories = '/api/categories/getByParentId/0';
    for (let page = 0; page < 3; page++) {
      const api = serverApi(context());
      expect(await api.lookup(states)).toEqual([{ label: states, value: 1 }]);
      expect(await api.lookup(categories)).toEqual([{ label: categories, value: 1 }]);
    }
    // A list the API could not give is asked for again (and kept once it comes).
    expect(await serverApi(context()).lookup(cities)).toEqual([]);
    down = false;
    expect(await serverApi(context()).lookup(cities)).toHaveLength(1);
    expect(await serverApi(context()).lookup(cities)).toHaveLength(1);
    expect(asked.filter((p) => p === states)).toHaveLength(1);
    expect(asked.filter((p) => p === categories)).toHaveLength(3);
    // The first call failed twice (the client retries a 503 once), then once it came.
    expect(asked.filter((p) => p === cities)).toHaveLength(3);
  });
});
