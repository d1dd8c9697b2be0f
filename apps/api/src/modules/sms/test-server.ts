import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';

/**
 * A local Termii-compatible SMS gateway: `POST /api/sms/send` as Termii publishes it
 * (reference/termii-send.json), and a page listing what it was asked to send, where no message
 * reaches a phone. Mounted by the app under /sms-test when SMS_API_KEY is unset (so `npm start`
 * shows the sign-in codes), and started on its own port by tests, whose control switches its
 * fault modes on.
 */

/**
 * - `slow`: the answer comes after `delayMs` (set it past the client's timeout);
 * - `5xx`: the message is recorded (sent), the answer is a 500;
 * - `lost`: the message is recorded, the connection is destroyed before any answer.
 */
export type SmsFaultMode = 'slow' | '5xx' | 'lost';

export interface SmsFault {
  mode: SmsFaultMode;
  /** How many answers it spoils; every one until reset when omitted. */
  times?: number;
  /** For `slow` (default 1,000 ms). */
  delayMs?: number;
}

export interface SentSms {
  messageId: string;
  /** As the gateway received it: international digits without '+'. */
  to: string;
  from: string;
  text: string;
  channel: string;
  createdAt: Date;
}

export interface SmsControl {
  fault(f: SmsFault): void;
  /** Faults off, the balance full again. */
  reset(): void;
  /** What was sent to a number (E.164 or the gateway's digits), newest first. */
  messages(to: string): Promise<SentSms[]>;
  /** Every send request the server received, answered or not. */
  requests: number;
}

export interface SmsServerOptions {
  db: Db;
  /** The key a request must carry (`api_key`), as Termii checks yours. */
  apiKey: string;
  faults?: SmsFault[];
}

/** The account's starting balance, in SMS pages, as Termii counts it. */
const START_BALANCE = 10_000;
const CHANNELS = ['generic', 'dnd', 'whatsapp'];
/** Alphanumeric sender id: 3 to 11 characters (Termii's rule). */
const SENDER_ID = /^[A-Za-z0-9 ]{3,11}$/;
const NUMBER = /^\d{10,15}$/;
/** GSM 7-bit text fits 160 characters a page; anything else (emoji, ₦) 70. */
const GSM =
  /^[A-Za-z0-9 \r\n@£$¥èéùìòÇØøÅå_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;
export const smsPages = (text: string) =>
  Math.max(1, Math.ceil([...text].length / (GSM.test(text) ? 160 : 70)));

const esc = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Termii's ids are 19 to 25 digits: longer than a double holds, so they travel as strings. */
const newMessageId = () =>
  BigInt(`0x${crypto.randomBytes(10).toString('hex')}`)
    .toString()
    .padStart(25, '3')
    .slice(0, 25);
const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ code: 'fail', message });

export async function smsTestServer(
  app: FastifyInstance,
  opts: SmsServerOptions,
): Promise<SmsControl> {
  const { db } = opts;
  const faults: SmsFault[] = [...(opts.faults ?? [])];
  let balance = START_BALANCE;

  const control: SmsControl = {
    requests: 0,
    fault(f) {
      faults.push({ ...f });
    },
    reset() {
      faults.length = 0;
      balance = START_BALANCE;
    },
    async messages(to) {
      const digits = to.replace(/^\+/, '');
      const list = await db
        .select()
        .from(s.smsTestMessages)
        .where(eq(s.smsTestMessages.to, digits))
        .orderBy(desc(s.smsTestMessages.id));
      return list.map(({ id: _id, ...m }) => m);
    },
  };

  // Termii takes JSON; a body that is not JSON is its 400, not ours.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    const text = String(body ?? '');
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }));
    }
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    return fail(reply, status, status === 500 ? 'Server Error' : err.message);
  });

  // Faults spoil an answer after its work was done: the message is recorded either way.
  app.addHook('onSend', async (req, reply, payload) => {
    const send = (req.routeOptions.config as { send?: boolean } | undefined)?.send;
    if (!send || faults.length === 0) return payload;
    const f = faults[0];
    if (f.times !== undefined && --f.times <= 0) faults.shift();
    if (f.mode === 'slow') {
      await sleep(f.delayMs ?? 1000);
      return payload;
    }
    if (f.mode === 'lost') {
      req.raw.socket?.destroy();
      return payload;
    }
    reply.code(500).type('application/json');
    return JSON.stringify({ code: 'fail', message: 'Server Error' });
  });

  app.post('/api/sms/send', { config: { send: true } }, async (req, reply) => {
    control.requests += 1;
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, any>;
    if (typeof b.api_key !== 'string' || !b.api_key) return fail(reply, 401, 'API key is required');
    if (b.api_key !== opts.apiKey) return fail(reply, 401, 'Invalid API key');
    const to: unknown[] = Array.isArray(b.to) ? b.to : [b.to];
    if (to.length === 0 || to.length > 100)
      return fail(reply, 400, 'to must hold 1 to 100 phone numbers');
    if (!to.every((n) => typeof n === 'string' && NUMBER.test(n)))
      return fail(
        reply,
        400,
        'Phone number must be in the international format, digits only (e.g. 23490126727)',
      );
    if (typeof b.from !== 'string' || !SENDER_ID.test(b.from))
      return fail(reply, 400, 'Invalid Sender Id');
    if (b.media !== undefined) return fail(reply, 400, 'media is only for WhatsApp');
    if (typeof b.sms !== 'string' || !b.sms.trim())
      return fail(reply, 400, 'sms is required: the text of the message');
    if (b.type !== 'plain') return fail(reply, 400, 'type must be plain');
    if (!CHANNELS.includes(b.channel))
      return fail(reply, 400, 'channel must be dnd, whatsapp or generic');
    const cost = smsPages(b.sms) * to.length;
    if (cost > balance) return fail(reply, 422, 'Insufficient balance');
    balance -= cost;
    const messageId = newMessageId();
    await db.insert(s.smsTestMessages).values(
      (to as string[]).map((n, i) => ({
        messageId: i === 0 ? messageId : `${messageId}-${i}`,
        to: n,
        from: b.from,
        text: b.sms,
        channel: b.channel,
      })),
    );
    return {
      code: 'ok',
      message_id: messageId,
      message_id_str: messageId,
      message: 'Successfully Sent',
      balance,
      user: 'SpareFinder NG (local test gateway)',
    };
  });

  app.get<{ Querystring: { to?: string } }>('/', async (req, reply) => {
    const to = (req.query.to ?? '').replace(/[^\d]/g, '');
    const list = await db
      .select()
      .from(s.smsTestMessages)
      .where(to ? eq(s.smsTestMessages.to, to) : undefined)
      .orderBy(desc(s.smsTestMessages.id))
      .limit(50);
    const items = list
      .map(
        (m) => `<li><p class="meta"><span class="to">+${esc(m.to)}</span> · from ${esc(m.from)} ·
        <time datetime="${m.createdAt.toISOString()}">${esc(
          m.createdAt.toLocaleString('en-NG', { timeZone: 'Africa/Lagos' }),
        )}</time></p><p class="text">${esc(m.text)}</p></li>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return page(
      to ? `Messages to +${to}` : 'Sent messages',
      `<form method="get" action=""><label for="to">Phone number</label>
      <input id="to" name="to" inputmode="tel" value="${esc(to)}" placeholder="2348031234567">
      <button>Show</button></form>
      ${items ? `<ol class="list">${items}</ol>` : '<p>No messages yet.</p>'}`,
    );
  });

  return control;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | Test SMS: nothing reaches a phone</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a1a1a}
.banner{background:#b45309;color:#fff;padding:.75rem 1rem;font-weight:700;text-align:center}
main{max-width:36rem;margin:1rem auto;background:#fff;border-radius:.5rem;padding:1rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:.25rem 0 1rem}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-bottom:1rem}
label{width:100%;font-weight:600}
input{flex:1;min-width:0;min-height:44px;font-size:1rem;padding:0 .5rem;border:1px solid #888;border-radius:.375rem}
button{min-height:44px;min-width:5rem;font-size:1rem;border:0;border-radius:.375rem;background:#0b5d3b;color:#fff}
.list{list-style:none;padding:0;margin:0}
.list li{border-top:1px solid #ddd;padding:.75rem 0}
.meta{margin:0;color:#444;font-size:.875rem}
.to{font-weight:700;color:#1a1a1a}
.text{margin:.25rem 0 0;font-size:1.05rem;white-space:pre-wrap;word-break:break-word}
</style></head><body>
<div class="banner" role="note">Test SMS: nothing reaches a phone</div>
<main><h1>${esc(title)}</h1>${body}
<p><small>Local Termii-compatible SMS gateway. Set SMS_API_KEY to send real messages.</small></p></main>
</body></html>`;
}
