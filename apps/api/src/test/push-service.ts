// A local Web Push service for tests (docs/decisions/0027, 0025): it speaks the protocol a
// browser's push service speaks (RFC 8030), over real HTTP on 127.0.0.1. It checks the VAPID
// signature (RFC 8292) and decrypts each message with the subscribing browser's own keys
// (RFC 8291, aes128gcm of RFC 8188), written here from the RFCs and independent of the
// web-push package the app sends with, so a wrong encryption or signature fails the test.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of one subscription: what it gives the site, and its private half. */
export interface Browser {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: crypto.ECDH;
  authSecret: Buffer;
}

export interface Delivery {
  browser: string;
  /** The decrypted payload as the browser's service worker would read it. */
  text: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID claims, after the signature checked out. */
  claims: { aud: string; exp: number; sub: string };
}

/** How the service answers one browser's messages. */
export type Fault = 'none' | 'gone' | 'missing' | 'error' | 'too-many' | 'too-large';

const FAULT_STATUS: Record<Exclude<Fault, 'none'>, number> = {
  gone: 410,
  missing: 404,
  error: 500,
  'too-many': 429,
  'too-large': 413,
};

const b64u = (b: Buffer) => b.toString('base64url');

function verifyVapid(header: string | undefined, origin: string, vapidPublicKey: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error('no VAPID authorization');
  const [, jwt, k] = m;
  if (k !== vapidPublicKey) throw new Error('signed with another key than the subscription’s');
  const [h, p, s] = jwt.split('.');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (head.alg !== 'ES256' || head.typ !== 'JWT') throw new Error(`bad JWT header ${h}`);
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64u(point.subarray(1, 33)),
      y: b64u(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`audience ${claims.aud} is not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('bad expiry');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error('bad subject');
  return claims as Delivery['claims'];
}

/** RFC 8291 + RFC 8188: one aes128gcm record, decrypted with the browser's private key. */
export function decrypt(body: Buffer, b: Pick<Browser, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || record.length > rs) throw new Error('not one aes128gcm record');
  const uaPublic = b.ecdh.getPublicKey();
  const ecdhSecret = b.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, b.authSecret, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** A VAPID key pair made here (P-256), in the form the app's VAPID_* settings take. */
export function vapidKeys(subject = 'mailto:ops@sparefinder.test') {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: b64u(ecdh.getPublicKey()),
    privateKey: b64u(ecdh.getPrivateKey()),
    subject,
  };
}

/** Starts the service; `browser()` makes a subscription a browser would hand the site. */
export async function startPushService(vapidPublicKey: string) {
  const browsers = new Map<string, Browser>();
  const faults = new Map<string, Fault>();
  const received: Delivery[] = [];
  const refused: { browser: string; reason: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([a-z0-9]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const b = browsers.get(id);
      const answer = (status: number, reason = '') => {
        if (status >= 400) refused.push({ browser: id, reason: reason || String(status) });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      if (req.method !== 'POST' || !b) return answer(404, 'no such subscription');
      const fault = faults.get(id) ?? 'none';
      if (fault !== 'none') return answer(FAULT_STATUS[fault], fault);
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Error('Content-Encoding is not aes128gcm');
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
        const claims = verifyVapid(req.headers.authorization, origin, vapidPublicKey);
        const text = decrypt(Buffer.concat(chunks), b);
        received.push({
          browser: id,
          text,
          ttl,
          urgency: (req.headers.urgency as string) ?? null,
          topic: (req.headers.topic as string) ?? null,
          claims,
        });
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (e) {
        answer(400, (e as Error).message);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    /** A new browser subscribing: its keys (P-256 and a 16-byte auth secret) and endpoint. */
    browser(): Browser {
      const id = crypto.randomBytes(8).toString('hex');
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      const b: Browser = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) },
        ecdh,
        authSecret,
      };
      browsers.set(id, b);
      return b;
    },
    fault(b: Browser, f: Fault) {
      faults.set(b.id, f);
    },
    /** What one browser received, as its service worker would parse it. */
    messagesOf: (b: Browser) =>
      received.filter((r) => r.browser === b.id).map((r) => JSON.parse(r.text)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
