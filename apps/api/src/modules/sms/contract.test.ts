import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '@sf/db/testing';
import type { DbHandle } from '@sf/db';
import { gatewayClient, httpTransport, SmsError, type SmsGateway } from './gateway-client.ts';
import { smsPages } from './test-server.ts';
import { startSmsServer, TEST_SMS_KEY, type LocalSms } from './testing.ts';

// The local SMS gateway and our client against what Termii documents for sending a message
// (reference/termii-send.json): the request our client sends has the documented fields and
// values, the local gateway takes the documented example and answers in the documented shape,
// refuses what Termii refuses with a documented status, and its fault modes (slow, 5xx, lost
// answers) reach our client as the kinds of failure it must tell apart.

type Field = { required: boolean; type: string | string[]; enum?: string[] };
const ref = JSON.parse(
  fs.readFileSync(new URL('./reference/termii-send.json', import.meta.url), 'utf8'),
) as {
  endpoint: { method: string; path: string };
  requestFields: Record<string, Field>;
  requestExample: Record<string, unknown>;
  responseExample: Record<string, unknown>;
  statuses: Record<string, string>;
};
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const documentedStatus = (n: number) => n in ref.statuses || (n >= 500 && '5xx' in ref.statuses);

/** The problems of a request body against the documented fields (empty when it matches). */
function requestProblems(body: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, f] of Object.entries(ref.requestFields)) {
    if (!(k in body)) {
      if (f.required) out.push(`missing ${k}`);
      continue;
    }
    const types = Array.isArray(f.type) ? f.type : [f.type];
    if (!types.includes(jsonType(body[k]))) out.push(`${k} is ${jsonType(body[k])}`);
    if (f.enum && !f.enum.includes(body[k] as string)) out.push(`${k} is not one of ${f.enum}`);
  }
  for (const k of Object.keys(body)) if (!(k in ref.requestFields)) out.push(`undocumented ${k}`);
  if (typeof body.to === 'string' && !/^\d{10,15}$/.test(body.to))
    out.push('to is not international digits');
  if (typeof body.from === 'string' && !/^[A-Za-z0-9 ]{3,11}$/.test(body.from))
    out.push('from is not a 3-11 character sender id');
  return out;
}

let h: DbHandle;
let gw: LocalSms;
let client: SmsGateway;
beforeAll(async () => {
  h = await createTestDb();
  gw = await startSmsServer(h.db);
  client = gatewayClient(
    { apiKey: TEST_SMS_KEY, senderId: 'SpareFinder', channel: 'generic' },
    httpTransport(gw.url, 5000),
  );
});
afterAll(async () => {
  await gw?.close();
  await h?.close();
});
beforeEach(() => gw.control.reset());

const send = (body: unknown, contentType = 'application/json') =>
  fetch(gw.url + ref.endpoint.path, {
    method: ref.endpoint.method,
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('the local SMS gateway against Termii’s published messaging API', () => {
  it('our client sends exactly the documented request: the fields, plain type, the channel, the number as international digits', async () => {
    let seen: { method?: string; url?: string; type?: string; body?: any } = {};
    const capture = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen = {
          method: req.method,
          url: req.url,
          type: req.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(ref.responseExample));
      });
    });
    await new Promise<void>((r) => capture.listen(0, '127.0.0.1', r));
    const a = capture.address();
    const url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    try {
      for (const channel of ['generic', 'dnd'] as const) {
        const c = gatewayClient(
          { apiKey: 'k-123456789', senderId: 'SpareFinder', channel },
          httpTransport(url),
        );
        const sent = await c.send('+2348031234567', 'Your SpareFinder code is 123456');
        // The documented answer's id is what the client hands back.
        expect(sent.messageId).toBe(ref.responseExample.message_id);
        expect(seen.method).toBe(ref.endpoint.method);
        expect(seen.url).toBe(ref.endpoint.path);
        expect(seen.type).toContain('application/json');
        expect(requestProblems(seen.body)).toEqual([]);
        expect(seen.body).toEqual({
          api_key: 'k-123456789',
          to: '2348031234567',
          from: 'SpareFinder',
          sms: 'Your SpareFinder code is 123456',
          type: 'plain',
          channel,
        });
      }
    } finally {
      await new Promise((r) => capture.close(r));
    }
  });

  it('takes the documented example request and answers in the documented shape, each field of the same type', async () => {
    expect(requestProblems(ref.requestExample)).toEqual([]);
    const res = await send({ ...ref.requestExample, api_key: TEST_SMS_KEY });
    expect(res.status).toBe(200);
    for (const [k, v] of Object.entries(ref.responseExample)) {
      expect(res.body, k).toHaveProperty(k);
      expect(jsonType(res.body[k]), k).toBe(jsonType(v));
    }
    expect(res.body.message).toBe(ref.responseExample.message);
    expect(res.body.message_id).toMatch(/^\d{19,25}$/);
    const [got] = await gw.control.messages(String(ref.requestExample.to));
    expect(got).toMatchObject({
      messageId: res.body.message_id,
      to: ref.requestExample.to,
      from: ref.requestExample.from,
      text: ref.requestExample.sms,
      channel: 'generic',
    });
  });

  it('counts the balance down by pages: 160 plain characters a page, 70 with other characters', async () => {
    const first = await send({ ...ref.requestExample, api_key: TEST_SMS_KEY });
    const long = await send({ ...ref.requestExample, api_key: TEST_SMS_KEY, sms: 'a'.repeat(161) });
    expect(first.body.balance - long.body.balance).toBe(2);
    const naira = await send({ ...ref.requestExample, api_key: TEST_SMS_KEY, sms: '₦'.repeat(71) });
    expect(long.body.balance - naira.body.balance).toBe(2);
    expect(smsPages('₦5,000')).toBe(1);
    // An array of numbers is one request, one message each, as documented.
    const many = await send({
      ...ref.requestExample,
      api_key: TEST_SMS_KEY,
      to: ['2348031234500', '2348031234501'],
    });
    expect(many.status).toBe(200);
    expect(naira.body.balance - many.body.balance).toBe(2);
    expect(await gw.control.messages('+2348031234501')).toHaveLength(1);
  });

  it('refuses what Termii refuses, with a documented status and a message: key, number, sender id, type, channel, JSON', async () => {
    const ok: Record<string, unknown> = { ...ref.requestExample, api_key: TEST_SMS_KEY };
    const cases: [unknown, number, string?][] = [
      [{ ...ok, api_key: 'wrong-key' }, 401],
      [{ ...ok, api_key: undefined }, 401],
      [{ ...ok, to: '+2347880234567' }, 400],
      [{ ...ok, to: '07880234567x' }, 400],
      [{ ...ok, to: [] }, 400],
      [{ ...ok, to: Array.from({ length: 101 }, (_, i) => `23478802345${i % 10}0`) }, 400],
      [{ ...ok, from: 'ab' }, 400],
      [{ ...ok, from: 'TwelveLetter' }, 400],
      [{ ...ok, sms: '' }, 400],
      [{ ...ok, type: 'unicode' }, 400],
      [{ ...ok, channel: 'email' }, 400],
      ['{"to": ', 400, 'application/json'],
    ];
    const before = (await gw.control.messages(String(ok.to))).length;
    for (const [body, status, type] of cases) {
      const res = await send(body, type);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(documentedStatus(res.status)).toBe(true);
      expect(typeof res.body.message).toBe('string');
      expect(res.body).not.toHaveProperty('message_id');
    }
    expect(await gw.control.messages(String(ok.to))).toHaveLength(before);
    // Our client reads a refusal as definite: sending the same again will not help.
    const wrong = gatewayClient(
      { apiKey: 'not-the-key', senderId: 'SpareFinder', channel: 'generic' },
      httpTransport(gw.url),
    );
    const err = await wrong.send('+2348031234567', 'x').catch((e) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect(err).toMatchObject({ kind: 'refused', httpStatus: 401, unclear: false });
  });

  it('fault modes reach the client as unclear failures after the message went: slow past the timeout, 5xx, lost answer', async () => {
    const impatient = gatewayClient(
      { apiKey: TEST_SMS_KEY, senderId: 'SpareFinder', channel: 'generic' },
      httpTransport(gw.url, 300),
    );
    const cases = [
      { fault: { mode: 'slow' as const, delayMs: 1500, times: 1 }, kind: 'timeout', c: impatient },
      { fault: { mode: '5xx' as const, times: 1 }, kind: '5xx', c: client },
      { fault: { mode: 'lost' as const, times: 1 }, kind: 'network', c: client },
    ];
    for (const [i, k] of cases.entries()) {
      const to = `+23480312340${i}0`;
      gw.control.fault(k.fault);
      const err = await k.c.send(to, `fault ${k.fault.mode}`).catch((e) => e);
      expect(err, k.fault.mode).toBeInstanceOf(SmsError);
      expect(err.kind, k.fault.mode).toBe(k.kind);
      expect(err.unclear).toBe(true);
      // The gateway did the work: the message went although no answer said so.
      expect(await gw.control.messages(to), k.fault.mode).toHaveLength(1);
      // `times: 1`: the next message is answered normally.
      expect((await client.send(to, 'after')).messageId).toMatch(/^\d+$/);
    }
  });
});
