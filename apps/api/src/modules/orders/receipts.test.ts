import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createUser } from '../../test/factories.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import {
  as,
  buy,
  createCommerceWorld,
  deliveryTo,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';

// Receipts people keep: order e-mails sent through a real SMTP server (HTML with a plain-text
// part), and the invoice of each order for its buyer and its store only.

interface Received {
  to: string;
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address).join(','),
        raw: Buffer.concat(chunks).toString('latin1'),
      });
      cb();
    });
  },
});

let w: World;
beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const port = (smtp.server.address() as { port: number }).port;
  w = await createCommerceWorld({
    paystack: 'mounted',
    config: { smtpUrl: `smtp://127.0.0.1:${port}` },
  });
});
afterAll(async () => {
  await w?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

// ---- Reading a MIME message as a mail program does (headers, parts, transfer encodings).

const unfold = (headers: string) => headers.replace(/\r\n[ \t]+/g, ' ');
const header = (headers: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfold(headers))?.[1];

function decode(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** An RFC 2047 header (`=?UTF-8?Q?…?=` words: a subject with ₦ in it) as text. */
const words = (v: string) =>
  v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decode(data.replace(/_/g, ' '), 'quoted-printable'),
    );

function parse(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at);
  const body = raw.slice(at + 4);
  const type = header(head, 'Content-Type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => {
          const i = p.indexOf('\r\n\r\n');
          const h = p.slice(0, i);
          return {
            type: header(h, 'Content-Type') ?? '',
            content: decode(
              p.slice(i + 4).replace(/\r\n$/, ''),
              header(h, 'Content-Transfer-Encoding'),
            ),
          };
        })
    : [];
  return { subject: words(header(head, 'Subject') ?? ''), type, parts };
}

const HOSTILE_PART = 'Brake pad "Pro" <script>alert(1)</script>';
const HOSTILE_STORE = 'Ade & Sons <b>Spares</b>';
const HOSTILE_REASON = '<img src=x onerror=alert(1)> sold out';

async function receiptsOf(to: string) {
  await runDueJobs(w.app);
  return received.filter((m) => m.to === to).map((m) => parse(m.raw));
}

describe(`order e-mails (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('go out as multipart/alternative, a plain-text part and an HTML part with inline styles, every user text escaped', async () => {
    const s = await sellerWithStore(w.db, { name: HOSTILE_STORE });
    const p = await product(w.db, s.store, 12500.5, 5, HOSTILE_PART);
    const buyer = await createUser(w.db);
    const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 2 }], {
      ...(await deliveryTo(w.db)),
      paymentMethod: 'pay_on_delivery',
    });
    expect(res.status).toBe(201);
    const id: number = res.body.orders[0].id;
    const total: number = res.body.orders[0].totalKobo;
    expect(
      (
        await as(w.app, s.cookie).post(`/api/store/orders/${id}/cancel`, {
          reason: HOSTILE_REASON,
        })
      ).status,
    ).toBe(200);

    const mine = await receiptsOf(buyer.user.email);
    const placed = mine.find((m) => m.subject.startsWith('Order placed'))!;
    const cancelled = mine.find((m) => /is cancelled/.test(m.subject))!;
    const theirs = (await receiptsOf(s.user.email)).find((m) => m.subject.startsWith('New order'))!;
    for (const mail of [placed, cancelled, theirs]) {
      expect(mail, JSON.stringify(mine.map((m) => m.subject))).toBeTruthy();
      expect(mail.type).toMatch(/^multipart\/alternative;/);
      expect(mail.parts.map((p) => p.type.split(';')[0])).toEqual(['text/plain', 'text/html']);
      const [text, htmlPart] = mail.parts.map((p) => p.content);
      // The plain text says it as written; the HTML says the same, escaped.
      expect(text).toContain(HOSTILE_PART);
      expect(htmlPart).toContain('Brake pad &quot;Pro&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(htmlPart).toContain('Ade &amp; Sons &lt;b&gt;Spares&lt;/b&gt;');
      expect(htmlPart).not.toMatch(/<script|<b>Spares|<img/i);
      // Styles inline (mail programs drop <style> blocks); nothing fetched from elsewhere.
      expect(htmlPart).not.toMatch(/<style|<link|<[a-z][^>]*\ssrc=/i);
      expect(htmlPart).toMatch(/<td style="[^"]+"/);
      // Amounts in naira from kobo, and the invoice link on the configured origin.
      expect(text).toContain('2 x');
      expect(text).toContain('₦25,001.00');
      expect(htmlPart).toContain('₦25,001.00');
      expect(text).toContain(`/user/orders/${id}/invoice`);
      expect(htmlPart).toContain(`/user/orders/${id}/invoice`);
      expect(htmlPart).toContain(
        `₦${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
    }
    const [text, htmlPart] = cancelled.parts.map((p) => p.content);
    expect(text).toContain(`Reason: ${HOSTILE_REASON}`);
    expect(htmlPart).toContain('&lt;img src=x onerror=alert(1)&gt; sold out');
  });

  it('the payment receipt names each order, its lines and the Paystack reference', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 3000, 5, 'Oil filter');
    const buyer = await createUser(w.db);
    const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
      ...(await deliveryTo(w.db)),
      paymentMethod: 'paystack',
    });
    expect(res.status).toBe(201);
    const pay = await w.app.inject({
      method: 'POST',
      url: res.body.payment.authorizationUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay&channel=card',
    });
    expect(pay.statusCode).toBe(303);
    const paid = (await receiptsOf(buyer.user.email)).find((m) =>
      m.subject.startsWith('Payment received'),
    )!;
    expect(paid.type).toMatch(/^multipart\/alternative;/);
    const [text, htmlPart] = paid.parts.map((p) => p.content);
    for (const part of [text, htmlPart]) {
      expect(part).toContain('Oil filter');
      expect(part).toContain(res.body.payment.reference);
      expect(part).toContain(`SF-${String(res.body.orders[0].id).padStart(6, '0')}`);
    }
  });
});

describe('the invoice', () => {
  it("is the buyer's and the store's: anyone else, staff included, gets the 404 of an order that does not exist", async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 4000, 5, 'Spark plug');
    const buyer = await createUser(w.db);
    const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 3 }], {
      fulfilment: 'pickup',
      phone: '08031112222',
      paymentMethod: 'pay_on_delivery',
    });
    expect(res.status).toBe(201);
    const id: number = res.body.orders[0].id;
    const url = `/api/orders/${id}/invoice`;

    const mine = await as(w.app, buyer.cookie).get(url);
    expect(mine.status).toBe(200);
    expect(mine.body.invoice).toMatchObject({
      id,
      number: `SF-${String(id).padStart(6, '0')}`,
      viewer: 'buyer',
      paymentMethod: 'pay_on_delivery',
      paid: false,
      fulfilment: 'pickup',
      deliverTo: null,
      buyer: { name: buyer.user.name, phone: '+2348031112222' },
      seller: { name: s.store.name, phones: ['08031234567'], city: 'Ikeja', state: 'Lagos' },
      items: [
        {
          productId: p.prodId,
          name: 'Spark plug',
          quantity: 3,
          unitPriceKobo: 400000,
          lineTotalKobo: 1200000,
        },
      ],
      subtotalKobo: 1200000,
      deliveryFeeKobo: 0,
      totalKobo: 1200000,
      refundedKobo: 0,
    });
    const theirs = await as(w.app, s.cookie).get(url);
    expect(theirs.status).toBe(200);
    expect(theirs.body.invoice.viewer).toBe('seller');
    expect(theirs.body.invoice.totalKobo).toBe(1200000);

    const stranger = await createUser(w.db);
    const otherSeller = await sellerWithStore(w.db);
    const staff = await createUser(w.db, 'Admin');
    for (const who of [stranger, otherSeller, staff]) {
      const r = await as(w.app, who.cookie).get(url);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('No such order');
    }
    expect((await as(w.app, buyer.cookie).get('/api/orders/999999999/invoice')).body.message).toBe(
      'No such order',
    );
    expect((await w.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await as(w.app, buyer.cookie).get('/api/orders/abc/invoice')).status).toBe(400);
  });

  it('says what was refunded once Paystack paid it back', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 5000, 5);
    const buyer = await createUser(w.db);
    const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
      ...(await deliveryTo(w.db)),
      paymentMethod: 'paystack',
    });
    await w.app.inject({
      method: 'POST',
      url: res.body.payment.authorizationUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay&channel=card',
    });
    const id: number = res.body.orders[0].id;
    expect(
      (await as(w.app, s.cookie).post(`/api/store/orders/${id}/cancel`, { reason: 'No stock' }))
        .status,
    ).toBe(200);
    await runDueJobs(w.app);
    const [{ status }] = (await w.db.execute(sql`select status from orders where id = ${id}`))
      .rows as { status: string }[];
    const v = (await as(w.app, buyer.cookie).get(`/api/orders/${id}/invoice`)).body.invoice;
    expect(v.paid).toBe(true);
    expect(v.status).toBe(status);
    // The mounted test Paystack pays refunds back at once (its documented events).
    expect(status).toBe('refunded');
    expect(v.refundedKobo).toBe(v.totalKobo);
    expect(v.refundedKobo).toBeGreaterThan(0);
  });
});
