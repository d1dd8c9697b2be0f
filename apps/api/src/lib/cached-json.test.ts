import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendCachedJson } from './cached-json.ts';

describe('cached answers serialised once', () => {
  const app = Fastify();
  const answers: Record<string, object> = {
    a: { status: true, items: [{ id: 1, name: 'Headlamp' }], secret: 'not in the schema' },
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
    async (req, reply) => sendCachedJson(reply, answers[req.params.key]!),
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
});
