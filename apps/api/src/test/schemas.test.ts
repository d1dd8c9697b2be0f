import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type RouteOptions } from 'fastify';
import { createTestDb } from '@sf/db/testing';
import type { DbHandle } from '@sf/db';
import { buildApp } from '../app.ts';
import { jsonDiff, watchAnswers } from './answers.ts';
import { routeAnswers } from '../api-routes.ts';

// Every API route describes its successful answer: the schema is what OpenAPI shows, what Fastify
// serialises through and what the answer's TypeScript type is derived from.

let handle: DbHandle;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  const app = await buildApp({
    db: handle.db,
    config: { e2eRoutes: true },
    onRoute: (r) => routes.push(r),
  });
  await app.ready();
  await app.close();
}, 120_000);
afterAll(() => handle?.close());

describe('response schemas', () => {
  it('every API route describes the answer of its success status', () => {
    const api = routes.filter(
      (r) =>
        (r.url.startsWith('/api/') || r.url === '/api') &&
        !r.url.startsWith('/api/docs') &&
        [r.method].flat().some((m) => m !== 'HEAD'),
    );
    expect(api.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const r of api) {
      const response = (r.schema?.response ?? {}) as Record<string, unknown>;
      // A redirect-only route declares its 3xx, the WebSocket route its 101; every other route
      // its 2xx with a body schema.
      const ok = Object.keys(response).filter((code) =>
        (r as { websocket?: boolean }).websocket ? code === '101' : /^[23]/.test(code),
      );
      if (!ok.length) missing.push(`${[r.method].flat().join(',')} ${r.url}`);
    }
    expect(missing).toEqual([]);
  });

  it("the web's route map (api-routes.ts) names registered routes with the very schema each answers by", () => {
    const success = (response?: Record<string, unknown>) => response?.[200] ?? response?.[201];
    const registered = new Map<string, unknown>();
    for (const r of routes)
      for (const m of [r.method].flat())
        registered.set(`${m} ${r.url}`, success(r.schema?.response as Record<string, unknown>));
    const wrong = Object.entries(routeAnswers)
      .filter(([key, schema]) => registered.get(key) !== schema)
      .map(([key]) =>
        registered.has(key) ? `${key}: another answer schema` : `${key}: no such route`,
      );
    expect(wrong).toEqual([]);
    expect(Object.keys(routeAnswers).length).toBeGreaterThan(150);
  });

  it('an answer the response schema would change is reported: a dropped field, a null sent as ""', async () => {
    const app = Fastify();
    const answers = watchAnswers(app);
    const schema = {
      response: {
        200: { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string' } } },
      },
    };
    app.get('/kept', { schema }, async () => ({ name: 'Ada', note: 'hi' }));
    app.get('/dropped', { schema }, async () => ({ name: 'Ada', note: 'hi', phone: '0803' }));
    app.get('/null', { schema }, async () => ({ name: 'Ada', note: null }));
    await app.ready();
    for (const url of ['/kept', '/dropped', '/null']) await app.inject(url);
    await app.close();
    expect(answers.changed()).toEqual([
      'GET /dropped 200: phone: built "0803", sent nothing',
      'GET /null 200: note: built null, sent ""',
    ]);
    expect(() => answers.check()).toThrow(/changed 2 answer/);
    expect(jsonDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeNull();
    expect(jsonDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe('a[1].b: built 2, sent 3');
  });
});
