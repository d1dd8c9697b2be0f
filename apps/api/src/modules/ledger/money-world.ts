// The world the money invariant test drives: the app on a real port, the local Paystack server on
// its own, and between them the two things a network does to money: a Paystack link that can lose
// or garble answers after Paystack did the work, and a webhook path that can hold, repeat and
// reorder events. Nothing here writes to the app's tables; it only carries HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestDb } from '@sf/db/testing';
import { watchAnswers } from '../../test/answers.ts';
import { client } from '../../test/helper.ts';
import { startPaystackServer, TEST_SECRET } from '../payments/testing.ts';
import { WEBHOOK_PATH } from '../payments/setup.ts';

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * What the link to Paystack does to the next call of an endpoint: `5xx` answers 500 after
 * Paystack did the work; `lost` cuts the connection after Paystack did the work (to our client
 * this is what a timeout is: no answer, the work maybe done).
 */
export type Fault = '5xx' | 'lost';

/** An HTTP relay in front of the local Paystack server that breaks the calls it is told to. */
export async function paystackLink(upstream: () => string) {
  const pending: { match: string; fault: Fault }[] = [];
  const applied: string[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '/').split('?')[0];
    // `POST /transfer` breaks that call only, `GET /transaction/verify` any reference's verify.
    const at = `${req.method} ${path}`;
    const i = pending.findIndex((p) => at === p.match || at.startsWith(`${p.match}/`));
    const fault = i >= 0 ? pending.splice(i, 1)[0].fault : null;
    let status = 502;
    let text = '';
    try {
      const headers: Record<string, string> = {};
      for (const h of ['authorization', 'content-type'])
        if (typeof req.headers[h] === 'string') headers[h] = req.headers[h] as string;
      const up = await fetch(upstream() + req.url, {
        method: req.method,
        headers,
        body: body.length ? new Uint8Array(body) : undefined,
      });
      status = up.status;
      text = await up.text();
    } catch {
      // Paystack itself unreachable: the client sees a gateway error.
    }
    if (fault) applied.push(`${fault} ${req.method} ${path} (Paystack answered ${status})`);
    if (fault === 'lost') return req.socket.destroy();
    if (fault === '5xx') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: false, message: 'An error occurred' }));
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  });
  const url = await listen(server);
  return {
    url,
    /** Breaks the next call to `METHOD /path` (or below it: `GET /transaction/verify`). */
    fail(match: string, fault: Fault) {
      pending.push({ match, fault });
    },
    /** Faults not yet used (their call never came): cleared between phases. */
    clear: () => pending.splice(0),
    applied,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface HookEvent {
  raw: string;
  signature: string;
  event: string;
}

/**
 * The webhook path from the local Paystack server to the app. Every event is kept, so a test can
 * send one again (Paystack repeats events); `hold(n)` keeps the next n events back (answering
 * Paystack 200, as a proxy that queued them would) until `flush` sends them in a shuffled order.
 */
export async function webhookPath(target: () => string) {
  const history: HookEvent[] = [];
  const held: HookEvent[] = [];
  /** Answers of 500 or above the app gave to an event: always a bug. */
  const serverErrors: string[] = [];
  let holdNext = 0;
  const deliver = async (e: HookEvent): Promise<number> => {
    try {
      const r = await fetch(target() + WEBHOOK_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': e.signature },
        body: e.raw,
      });
      await r.arrayBuffer();
      if (r.status >= 500) serverErrors.push(`${r.status} on ${e.event}: ${e.raw.slice(0, 300)}`);
      return r.status;
    } catch {
      return 0; // the app is down (killed): Paystack tries again later
    }
  };
  const server = http.createServer(async (req, res) => {
    const raw = (await readBody(req)).toString('utf8');
    let event = '?';
    try {
      event = JSON.parse(raw).event;
    } catch {
      /* kept as it came */
    }
    const e = { raw, signature: String(req.headers['x-paystack-signature'] ?? ''), event };
    history.push(e);
    if (holdNext > 0) {
      holdNext--;
      held.push(e);
      res.writeHead(200).end();
      return;
    }
    const status = await deliver(e);
    res.writeHead(status || 502).end();
  });
  const url = await listen(server);
  return {
    url,
    history,
    serverErrors,
    hold(n: number) {
      holdNext += n;
    },
    /** Sends again an event already sent (a duplicate, late: out of order). */
    replay: (e: HookEvent) => deliver(e),
    /** Sends the held events, in the order `order` gives (a shuffle), and stops holding. */
    async flush(order: <T>(xs: T[]) => T[]) {
      holdNext = 0;
      const out = order(held.splice(0));
      for (const e of out) await deliver(e);
      return out.length;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * The app on a real port (fresh database), the local Paystack server on its own port, the
 * faulty link between them and the webhook path back. `target` is where webhooks go: the app in
 * this process, or a server process the test started.
 */
export async function createMoneyWorld() {
  const handle = await createTestDb();
  let appUrl = '';
  let hookTarget: string | null = null;
  let paystackUrl = '';
  const link = await paystackLink(() => paystackUrl);
  const hooks = await webhookPath(() => hookTarget ?? appUrl);
  const paystack = await startPaystackServer(handle.db, () => hooks.url);
  paystackUrl = paystack.url;
  const app: FastifyInstance = await buildApp({
    db: handle.db,
    config: { paystackSecretKey: TEST_SECRET, paystackBaseUrl: link.url, commissionRate: 0.05 },
  });
  const answers = watchAnswers(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    appUrl,
    paystack,
    link,
    hooks,
    /** Sends webhooks to another server (a process the test runs), or back to this app (null). */
    sendHooksTo(url: string | null) {
      hookTarget = url;
    },
    async close() {
      await app.close();
      await paystack.close();
      await link.close();
      await hooks.close();
      await handle.close();
      answers.check();
    },
  };
}
export type MoneyWorld = Awaited<ReturnType<typeof createMoneyWorld>>;

export interface Api {
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    o?: { cookie?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
}

/** Requests in process (app.inject: real routing, hooks and serialisation). */
export function injectApi(app: FastifyInstance): Api {
  const c = client(app);
  return {
    async call(method, url, o = {}) {
      const r = await c.call(method, url, o);
      return { status: r.status, body: r.body };
    },
  };
}

/** Requests over HTTP to a server process; a connection that breaks (the process died) is status 0. */
export function httpApi(base: string): Api {
  return {
    async call(method, url, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.cookie) headers.cookie = o.cookie;
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      try {
        const r = await fetch(base + url, {
          method,
          headers,
          body: o.body === undefined ? undefined : JSON.stringify(o.body),
        });
        const text = await r.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        return { status: r.status, body };
      } catch {
        return { status: 0, body: null };
      }
    },
  };
}
