import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { MAX_KOBO, ROLES } from '@sf/shared';
import { createTestApp, dbLabel, type TestApp } from './helper.ts';
import { createUser } from './factories.ts';
import { createSession, SESSION_COOKIE } from '../lib/session.ts';
import { seedContent } from '../modules/content/seed.ts';
import { createProduct, createStore } from '../modules/catalog/testing.ts';
import { multipart, type Part } from './multipart.ts';

// Hostile values at every parameter of every route the OpenAPI document describes, as a guest and
// as a signed-in user of each role (staff routes' hostile values as an admin, so they get past the
// guard), and broken multipart bodies on every upload route: the server may refuse (4xx) but never
// fail (5xx).

type Json = Record<string, any>;
interface Param {
  in: 'path' | 'query' | 'body';
  name: string;
  schema: Json;
  required: boolean;
}
interface Operation {
  method: string;
  path: string;
  params: Param[];
  hasBody: boolean;
  /** An upload route (uploadDoc): the form field its file is read from. */
  fileField?: string;
}

/** A JSON literal written into the body as is: `1e400` cannot be produced by JSON.stringify. */
class Raw {
  constructor(public text: string) {}
}

const LONG = 'x'.repeat(5000);
/** Text sent in paths, queries and bodies. `%…` entries are sent undecoded (invalid UTF-8 …). */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  'line\r\nInjected: yes',
  '\u007f\u0085',
  '',
  LONG,
  'ẹ̀'.repeat(400),
  '1e400',
  'Infinity',
  '-1',
  '-0',
  '0',
  '2147483648',
  '9223372036854775808',
  '1.5',
  "' or 1=1 --",
  '__proto__',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
];
/** Values put into JSON bodies (besides the texts above). */
const HOSTILE_JSON: unknown[] = [
  null,
  0,
  -0,
  -1,
  2147483648,
  1.7976931348623157e308,
  new Raw('1e400'),
  [],
  [1, 2],
  {},
  { __proto__: { admin: true } },
  '\ud800',
];
/** Whole bodies that are not what any route expects. */
const HOSTILE_BODIES: { payload: string; type: string }[] = [
  { payload: '', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '1e400', type: 'application/json' },
  {
    payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}',
    type: 'application/json',
  },
  { payload: '\u0000', type: 'application/json' },
  { payload: 'a=%00&b=%FF&c=1e400', type: 'application/x-www-form-urlencoded' },
  { payload: '<x/>', type: 'application/xml' },
];

/** A picture's first bytes (JPEG) and a CSV line: enough for the type check to pass or fail late. */
const JPEG_HEAD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);
const CSV_TEXT = Buffer.from('sku,name,category,condition,price,stock\nA1,Pad,brakes,New,100,1\n');

/** Broken multipart bodies for an upload route whose file is read from `field`. */
function hostileMultipart(field: string): { payload: Buffer | string; type: string }[] {
  const form = (parts: Part[]) => {
    const m = multipart(parts);
    return { payload: m.payload, type: m.headers['content-type'] };
  };
  const good = form([{ field, filename: 'a.jpg', data: JPEG_HEAD }]);
  const b = good.type.split('boundary=')[1];
  return [
    { payload: good.payload.subarray(0, 150), type: good.type },
    { payload: good.payload.subarray(0, good.payload.length - 10), type: good.type },
    { payload: good.payload.subarray(0, 30), type: good.type },
    { payload: good.payload, type: 'multipart/form-data' },
    { payload: good.payload, type: 'multipart/form-data; boundary=' },
    { payload: good.payload, type: 'multipart/form-data; boundary=other' },
    { payload: '', type: good.type },
    { payload: `--${b}\r\nno colon\r\n\r\nx\r\n--${b}--\r\n`, type: good.type },
    { payload: `--${b}\r\nContent-Type: image/jpeg\r\n\r\nx\r\n--${b}--\r\n`, type: good.type },
    form([{ field: 'not-the-field', filename: 'a.jpg', data: JPEG_HEAD }]),
    form([{ field, value: 'a field, not a file' }]),
    form([{ field, filename: 'a.csv', data: CSV_TEXT }]),
    form([{ field, filename: '../../etc/passwd\u0000.jpg', data: JPEG_HEAD }]),
    form([
      { field: '__proto__', value: 'x' },
      { field, filename: 'a.jpg', data: JPEG_HEAD },
    ]),
    form(Array.from({ length: 60 }, (_, i) => ({ field: `f${i}`, value: 'v' }))),
    form(Array.from({ length: 12 }, () => ({ field, filename: 'a.jpg', data: JPEG_HEAD }))),
  ];
}

/** A seeded generator: the same requests on every run, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CANDIDATES = ['1', 'faq', 'a', 'NG', 'test-store', '1HGCM82633A004352', 'x.svg'];
const UUID = '00000000-0000-4000-8000-000000000000';

/** A value the schema accepts, so that a hostile value elsewhere is what the route sees. */
function validValue(schema: Json): unknown {
  if (!schema) return '1';
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'null':
      return null;
    default: {
      if (schema.format === 'uuid') return UUID;
      if (schema.format === 'email') return 'someone@example.ng';
      const re = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      const ok = (s: string) =>
        (!re || re.test(s)) &&
        s.length >= (schema.minLength ?? 0) &&
        s.length <= (schema.maxLength ?? Infinity);
      const hit = [...CANDIDATES, 'x'.repeat(Math.max(1, schema.minLength ?? 1))].find(ok);
      return hit ?? '1';
    }
  }
}

/** Every operation of the OpenAPI document with its path, query and body parameters. */
function operations(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params: Param[] = (op.parameters ?? []).map((p: Json) => ({
        in: p.in,
        name: p.name,
        schema: p.schema ?? {},
        required: Boolean(p.required),
      }));
      const body = op.requestBody?.content?.['application/json']?.schema;
      for (const [name, schema] of Object.entries<Json>(body?.properties ?? {}))
        params.push({
          in: 'body',
          name,
          schema,
          required: (body.required ?? []).includes(name),
        });
      const upload = /^multipart\/form-data.*the files? in the field "(\w+)"/.exec(
        op.description ?? '',
      );
      ops.push({
        method: method.toUpperCase(),
        path,
        params: params.filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'body'),
        hasBody: Boolean(body) || ['post', 'put', 'patch'].includes(method),
        ...(upload ? { fileField: upload[1] } : {}),
      });
    }
  }
  return ops;
}

const enc = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  // Texts starting with % are sent as written: invalid escapes and invalid UTF-8 on purpose.
  return /^%[0-9A-F]{2}/.test(s) ? s : encodeURIComponent(s);
};

function bodyText(values: Record<string, unknown>): string {
  const raws: string[] = [];
  const json = JSON.stringify(values, (_k, v) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `@@RAW${raws.length - 1}@@`;
    }
    return v;
  });
  return json.replace(/"@@RAW(\d+)@@"/g, (_m, i) => raws[Number(i)]);
}

/** A request for one operation: every parameter valid except the ones in `override`. */
function build(op: Operation, override: Record<string, unknown>): InjectOptions {
  const values: Record<string, unknown> = {};
  for (const p of op.params)
    if (p.required || p.in === 'path') values[`${p.in}:${p.name}`] = validValue(p.schema);
  Object.assign(values, override);
  let url = op.path;
  const query: string[] = [];
  const body: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(values)) {
    const [where, name] = key.split(/:(.*)/s);
    if (where === 'path') url = url.replace(`{${name}}`, enc(v));
    else if (where === 'query') {
      if (Array.isArray(v)) for (const x of v) query.push(`${name}=${enc(x)}`);
      else query.push(`${name}=${enc(v)}`);
    } else body[name] = v;
  }
  if (query.length) url += `?${query.join('&')}`;
  const req: InjectOptions = { method: op.method as InjectOptions['method'], url };
  if (op.hasBody) {
    req.payload = bodyText(body);
    req.headers = { 'content-type': 'application/json' };
  }
  return req;
}

let t: TestApp;
const sessions: Record<string, string> = {};
const userIds: Record<string, string> = {};
const who = ['guest', ...ROLES, 'Admin'] as const;

beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t.app.db);
  for (const role of [...ROLES, 'Admin'] as const) {
    const u = await createUser(t.app.db, role);
    sessions[role] = u.cookie;
    userIds[role] = u.user.id;
    // The Seller owns the store, so the seller's own routes are reached past their guard.
    if (role === 'Seller') {
      const store = await createStore(t.app.db, { urlName: 'test-store', ownerUserId: u.user.id });
      await createProduct(t.app.db, { store });
    }
  }
}, 300_000);
afterAll(() => t?.close());

describe(`OpenAPI fuzz (${dbLabel()})`, () => {
  it('describes every input with bounds: text with a length and a line format, numbers in range', () => {
    const loose: string[] = [];
    const check = (where: string, name: string, sc: Json) => {
      const types: string[] = [sc.type ?? 'any'].flat();
      if (sc.enum) return;
      if (types.includes('string')) {
        // A uuid or an RFC 3339 date-time: the format admits no other characters.
        if (sc.format === 'uuid') return;
        if (sc.format !== 'date-time' && !['single-line', 'multi-line'].includes(sc.format))
          loose.push(`${where}: text without Text() line format`);
        if (!(sc.maxLength > 0)) loose.push(`${where}: text without maxLength`);
      } else if (types.includes('integer') || types.includes('number')) {
        const ok = (n: unknown) =>
          typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER;
        if (!ok(sc.minimum) || !ok(sc.maximum)) loose.push(`${where}: number without bounds`);
        // Beyond an integer column only as an amount, and every amount with the one bound.
        if (types.includes('integer') && sc.maximum > 2147483647 && sc.maximum !== MAX_KOBO)
          loose.push(`${where}: integer beyond an integer column`);
        if (/kobo$/i.test(name) && sc.maximum !== MAX_KOBO)
          loose.push(`${where}: an amount without the Kobo() bound`);
      } else if (types.includes('array')) {
        // A list: bounded in length, each item described like a parameter.
        if (!(sc.maxItems > 0)) loose.push(`${where}: list without maxItems`);
        if (!sc.items) loose.push(`${where}: list without described items`);
        else check(`${where}[]`, name, sc.items);
      } else if (types.includes('object') && sc.properties) {
        for (const [k, v] of Object.entries<Json>(sc.properties)) check(`${where}.${k}`, k, v);
      } else if (!types.includes('boolean')) {
        loose.push(`${where}: ${types.join('|')} is not a described input`);
      }
    };
    for (const op of operations(t.app.swagger() as Json))
      for (const p of op.params)
        check(`${op.method} ${op.path} ${p.in}:${p.name}`, p.name, p.schema);
    expect(loose).toEqual([]);
  });

  it('answers every hostile request of every route with less than 500, as guest and each role', async () => {
    const ops = operations(t.app.swagger() as Json);
    expect(ops.length).toBeGreaterThan(30);
    const rand = prng(17);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

    const requests: { req: InjectOptions; role: (typeof who)[number] }[] = [];
    const uploads = ops.filter((op) => op.fileField);
    expect(uploads.length).toBeGreaterThanOrEqual(8);
    const staffOps = ops.filter((op) => op.path.startsWith('/api/admin/'));
    expect(staffOps.length).toBeGreaterThan(20);
    for (const op of ops) {
      // Staff routes' hostile values as an admin: past the guard, into the handlers.
      const hostileRole = () => (op.path.startsWith('/api/admin/') ? 'Admin' : pick(who));
      // Each role once with valid values: what a signed-in user reaches beyond the guards.
      for (const role of who) requests.push({ req: build(op, {}), role });
      // Every hostile value reaches every operation: a route with one parameter gets them all
      // there; with more, each parameter gets every other value, in turn, so the count stays
      // bounded as parameters are added.
      const share = op.params.length > 1 ? 2 : 1;
      op.params.forEach((p, n) => {
        const key = `${p.in}:${p.name}`;
        const values: unknown[] = [...HOSTILE_TEXT];
        if (p.in === 'body') values.push(...HOSTILE_JSON);
        else values.push(['1', '2'], ['\u0000']);
        values.forEach((v, i) => {
          if ((i + n) % share === 0)
            requests.push({ req: build(op, { [key]: v }), role: hostileRole() });
        });
      });
      // Several hostile parameters at once.
      for (let i = 0; i < 4 && op.params.length > 1; i++) {
        const over: Record<string, unknown> = {};
        for (const p of op.params)
          if (rand() < 0.5)
            over[`${p.in}:${p.name}`] =
              p.in === 'body' && rand() < 0.5 ? pick(HOSTILE_JSON) : pick(HOSTILE_TEXT);
        requests.push({ req: build(op, over), role: hostileRole() });
      }
      if (op.hasBody)
        for (const b of HOSTILE_BODIES) {
          const req = build(op, {});
          requests.push({
            req: { ...req, payload: b.payload, headers: { 'content-type': b.type } },
            role: hostileRole(),
          });
        }
      // Upload routes: every broken form as every kind of user (the owner's role reaches the
      // parser; the others show the guards hold before it).
      if (op.fileField)
        for (const b of hostileMultipart(op.fileField))
          for (const role of who) {
            const req = build(op, {});
            requests.push({
              req: { ...req, payload: b.payload, headers: { 'content-type': b.type } },
              role,
            });
          }
    }
    expect(requests.length).toBeGreaterThan(2000);

    // The budget keeps the run fast in CI: past it, sample values per parameter, never raise it.
    expect(requests.length).toBeLessThan(15_000);

    const failures: string[] = [];
    /** Broken forms the upload parser itself refused (proof the forms got past the guards). */
    let parserRefusals = 0;
    const started = Date.now();
    const send = async ({ req, role }: (typeof requests)[number]) => {
      const headers: Record<string, string> = { ...(req.headers as Record<string, string>) };
      if (role !== 'guest') headers.cookie = sessions[role];
      // Distinct addresses keep the per-address limits from hiding the deeper code.
      const remoteAddress = `10.9.${Math.floor(rand() * 250)}.${Math.floor(rand() * 250)}`;
      const res = await t.app.inject({ ...req, headers, remoteAddress });
      if (
        res.statusCode === 400 &&
        String(headers['content-type']).startsWith('multipart/') &&
        /multipart\/form-data form|in the form field|too many or unexpected fields/.test(res.body)
      )
        parserRefusals++;
      if (res.statusCode >= 500)
        failures.push(
          `${res.statusCode} ${role} ${req.method} ${req.url} ${String(req.payload ?? '').slice(0, 120)} -> ${res.body.slice(0, 200)}`,
        );
      // Signing out ends the role's session: sign that role in again.
      if (role !== 'guest' && req.url === '/api/auth/logout' && res.statusCode === 200)
        sessions[role] =
          `${SESSION_COOKIE}=${(await createSession(t.app.db, userIds[role])).token}`;
    };
    // A few in flight at once, as real traffic arrives: the run stays well inside its time as
    // routes are added (a request caught by another's sign-out gets a 401, never a 500).
    for (let i = 0; i < requests.length; i += 8)
      await Promise.all(requests.slice(i, i + 8).map(send));
    const ms = Date.now() - started;
    console.log(
      `[fuzz] ${requests.length} requests over ${ops.length} operations (${uploads.length} uploads, ${parserRefusals} broken forms refused by the parser) in ${ms} ms`,
    );
    expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
    expect(parserRefusals).toBeGreaterThan(3 * 10);

    // And the server still answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 300_000);
});

describe(`hostile text and numbers are refused with the field named (${dbLabel()})`, () => {
  const send = async (method: 'GET' | 'POST', url: string, payload?: string, cookie?: string) => {
    const res = await t.app.inject({
      method,
      url,
      payload,
      remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const contact = {
    name: 'Ada Obi',
    email: 'ada@example.ng',
    phone: '0803 123 4567',
    subject: 'Order question',
    message: 'Hello,\nwhere is my order?\r\nThanks',
  };

  it('one-line contact fields refuse line breaks and control characters; the message keeps its lines', async () => {
    for (const field of ['name', 'email', 'phone', 'subject'] as const) {
      for (const bad of ['\n', '\r\nBcc: x@evil.example', '\u0000', '\u001b[2J', '\t']) {
        const r = await send(
          'POST',
          '/api/contact',
          JSON.stringify({ ...contact, [field]: `${contact[field]}${bad}` }),
        );
        expect(r.status, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(r.body.code).toBe('VALIDATION');
        expect(r.body.message).toContain(`"${field}"`);
        expect(Object.keys(r.body.fields)).toEqual([field]);
      }
    }
    const nul = await send(
      'POST',
      '/api/contact',
      JSON.stringify({ ...contact, message: 'Hello there\u0000!' }),
    );
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.body.fields)).toEqual(['message']);
    expect((await send('POST', '/api/contact', JSON.stringify(contact))).status).toBe(201);
  });

  it('NUL in names, e-mails, comments and the newsletter is a 400 naming the field', async () => {
    const { cookie } = await createUser(t.app.db, 'Buyer');
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        'POST',
        '/api/auth/register',
        {
          name: 'A\u0000b',
          email: 'n@example.ng',
          phone: '08031234567',
          password: 'long enough pass',
          role: 'Buyer',
        },
        'name',
      ],
      ['POST', '/api/auth/login', { email: 'a\u0000@example.ng', password: 'whatever1' }, 'email'],
      [
        'POST',
        '/api/email/contact-list/newsletter',
        { emailAddress: 'a\u0000@example.ng' },
        'emailAddress',
      ],
      ['POST', '/api/blogs/comments/1', { body: 'nice\u0000' }, 'body'],
      ['POST', '/api/garage', { makeId: 1, nickname: 'car\u0000' }, 'nickname'],
      // Half a UTF-16 pair is no text: PostgreSQL refuses it in JSON (the reset job's payload).
      ['POST', '/api/auth/password-reset', { email: '\ud800@example.ng' }, 'email'],
      ['POST', '/api/checkout/quote', { couponCode: 'TEN\u0000' }, 'couponCode'],
      ['POST', '/api/cart/items', { productId: 1, quantity: 1.5 }, 'quantity'],
    ];
    for (const [method, url, body, field] of cases) {
      const r = await send(method as 'POST', url, JSON.stringify(body), cookie);
      expect(r.status, url).toBe(400);
      expect(r.body.fields, url).toHaveProperty(field);
    }
    const ok = await send(
      'POST',
      '/api/blogs/comments/1',
      JSON.stringify({ body: 'Two\nlines' }),
      cookie,
    );
    expect(ok.status).toBe(201);
    expect(ok.body.items[0].body).toBe('Two\nlines');
  });

  it('numbers beyond their column, Infinity and 1e400 are a 400 before any query', async () => {
    const { cookie } = await createUser(t.app.db, 'Buyer');
    for (const url of [
      '/api/products/2147483648',
      '/api/products/1e400',
      '/api/products/Infinity',
      '/api/products/-1',
      '/api/products/categories/0?pagesize=Infinity',
      '/api/products/categories/0?count=1e400',
      '/api/products/categories/0?carmake=2147483648',
      '/api/database/cities/9223372036854775808',
      '/api/mechanics/indexquery?lastId=1e400',
      '/api/blogs?lastId=2147483648',
    ]) {
      const r = await send('GET', url);
      expect(r.status, url).toBe(400);
      expect(r.body.code, url).toBe('VALIDATION');
    }
    for (const raw of ['1e400', '-1e400', '2147483648', '1.5', '-0.5']) {
      const r = await send('POST', '/api/garage', `{"makeId":${raw}}`, cookie);
      expect(r.status, raw).toBe(400);
      expect(r.body.fields, raw).toHaveProperty('makeId');
    }
    // Blog ids and slugs share a path: digits beyond an id are simply no such post.
    expect((await send('GET', '/api/blogs/blog/99999999999')).status).toBe(404);
  });
});
