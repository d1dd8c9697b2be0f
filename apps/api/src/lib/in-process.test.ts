import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callInProcess, isInProcess, unchunk } from './in-process.ts';

const call = (app: FastifyInstance, method: string, url: string, more: object = {}) =>
  callInProcess(app, { method, url, headers: {}, remoteAddress: '10.1.2.3', ...more });

describe('in-process calls', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.get('/who', async (req) => ({ ip: req.ip, inProcess: isInProcess(req), host: req.host }));
    app.get('/parts/:name', async (req) => ({
      url: req.url,
      params: req.params,
      query: req.query,
    }));
    app.post('/echo', async (req, reply) => {
      reply.header('x-type', req.headers['content-type']);
      return { got: req.body };
    });
    app.get('/cookies', async (_req, reply) => {
      reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
      return 'ok';
    });
    // No content-length: Node sends it chunked, and the caller gets the bytes back whole.
    app.get('/stream', async (_req, reply) => {
      reply.type('text/plain');
      return Readable.from(['één ', 'twee ', 'x'.repeat(70_000)]);
    });
    app.get('/none', async (_req, reply) => reply.code(204).send());
    app.get('/broken', async (_req, reply) => {
      reply.hijack();
      reply.raw.destroy();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('answers with status, headers and body, from the caller address, marked in-process', async () => {
    const a = await call(app, 'GET', '/who', { headers: { host: 'shop.example' } });
    expect(a.status).toBe(200);
    expect(a.headers).toContainEqual(['content-type', 'application/json; charset=utf-8']);
    expect(JSON.parse(a.body!.toString())).toEqual({
      ip: '10.1.2.3',
      inProcess: true,
      host: 'shop.example',
    });
    // A visitor's request over a socket is never taken for an in-process call.
    const { port } = app.server.address() as { port: number };
    const r = await fetch(`http://127.0.0.1:${port}/who`);
    expect((await r.json()).inProcess).toBe(false);
  });

  it('sends the URL as an HTTP client would: encoded, without its fragment or dot segments', async () => {
    const a = await call(app, 'GET', '/x/../parts/brake pads ₦?q=a b#top');
    expect(JSON.parse(a.body!.toString())).toEqual({
      url: '/parts/brake%20pads%20%E2%82%A6?q=a%20b',
      params: { name: 'brake pads ₦' },
      query: { q: 'a b' },
    });
  });

  it('sends a body the route parses', async () => {
    const payload = Buffer.from(JSON.stringify({ name: 'Headlamp ₦' }));
    const headers = { 'content-type': 'application/json' };
    const a = await call(app, 'POST', '/echo', { headers, payload });
    expect(JSON.parse(a.body!.toString())).toEqual({ got: { name: 'Headlamp ₦' } });
    expect(a.headers).toContainEqual(['x-type', 'application/json']);
  });

  it('keeps each value of a header sent twice', async () => {
    const a = await call(app, 'GET', '/cookies');
    expect(a.headers.filter(([k]) => k === 'set-cookie').map(([, v]) => v)).toEqual([
      'a=1; Path=/',
      'b=2; Path=/; HttpOnly',
    ]);
    expect(a.body!.toString()).toBe('ok');
  });

  it('returns a streamed body whole', async () => {
    const a = await call(app, 'GET', '/stream');
    expect(a.headers).toContainEqual(['transfer-encoding', 'chunked']);
    expect(a.body!.toString()).toBe('één twee ' + 'x'.repeat(70_000));
  });

  it('has no body for HEAD and 204, as on the wire', async () => {
    const head = await call(app, 'HEAD', '/who');
    expect([head.status, head.body]).toEqual([200, null]);
    const none = await call(app, 'GET', '/none');
    expect([none.status, none.body]).toEqual([204, null]);
  });

  it('fails when the response is closed before it answers', async () => {
    await expect(call(app, 'GET', '/broken')).rejects.toThrow(/closed before it answered/);
  });

  it('reads chunked bodies and refuses broken ones', () => {
    expect(unchunk(Buffer.from('3\r\nabc\r\n1\r\nd\r\n0\r\n\r\n')).toString()).toBe('abcd');
    expect(() => unchunk(Buffer.from('zz\r\nabc'))).toThrow(/bad chunk size/);
    expect(() => unchunk(Buffer.from('3'))).toThrow(/not ended/);
  });
});
