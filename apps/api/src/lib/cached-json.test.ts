import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendCachedJson } from './cached-json.ts';

describe('cached answers serialised once', () => {
  const app = Fastify();
  const answers: Record<string, object> = {
    a: { status: true, items: [{ id: 1, name: 'Headlamp' }], secret: 'not in the schema' },
    // A page of 50 items, as a list answers: worth compressing.
    big: {
      status: true,
      items: Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `Front brake pad ${i}` })),
    },
  };
  app.get<{ Params: { key: string } }>(
    '/x/:key',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'boolean' },
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { id: { type: 'integer' }, name: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    async (req, reply) => sendCachedJson(req, reply, answers[req.params.key]!),
  );
  afterAll(() => app.close());

  it("sends what the route's schema makes of the answer, as JSON", async () => {
    const r = await app.inject('/x/a');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.json()).toEqual({ status: true, items: [{ id: 1, name: 'Headlamp' }] });
  });

  it('serialises the same answer object once, and a new object anew', async () => {
    const first = (await app.inject('/x/a')).body;
    // Cached answers are never changed in place; if one were, the JSON already made stays.
    (answers.a as { items: { name: string }[] }).items[0]!.name = 'changed in place';
    expect((await app.inject('/x/a')).body).toBe(first);
    answers.a = { status: true, items: [{ id: 2, name: 'Bumper' }] };
    expect((await app.inject('/x/a')).json()).toEqual({
      status: true,
      items: [{ id: 2, name: 'Bumper' }],
    });
  });

  it('sends a large answer as brotli or gzip when the client takes it, the same JSON inside', async () => {
    const plain = await app.inject('/x/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const json = plain.json();
    expect(json.items).toHaveLength(50);

    const br = await app.inject({
      url: '/x/big',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
    // Asked again: the same bytes (kept, not made anew).
    const again = await app.inject({ url: '/x/big', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    const gz = await app.inject({ url: '/x/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(json);

    // Refused codings, unknown ones and small answers go out as they are.
    for (const enc of ['br;q=0, gzip;q=0', 'deflate', 'identity']) {
      const r = await app.inject({ url: '/x/big', headers: { 'accept-encoding': enc } });
      expect(r.headers['content-encoding'], enc).toBeUndefined();
      expect(r.json()).toEqual(json);
    }
    const small = await app.inject({ url: '/x/a', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
