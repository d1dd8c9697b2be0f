import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors.ts';
import {
  answerUpload,
  imageVariants,
  installUploads,
  newKey,
  receiveFiles,
  sniff,
  storeThenCommit,
  type UploadSpec,
} from './uploads.ts';
import { diskStorage } from './storage.ts';
import { multipart, photo, PHP_AS_JPG } from '../test/multipart.ts';

// The pipeline on a bare Fastify app with one upload route, as a module would write it: real
// multipart parsing, real sharp, real files in a temporary folder.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-uploads-test-'));
const files = () => fs.readdirSync(dir, { recursive: true }).map(String).sort();
let app: FastifyInstance;
let failCommit = false;
const committed: string[][] = [];

const spec: UploadSpec = {
  maxBytes: 1024 * 1024,
  maxFiles: 3,
  accept: ['jpeg', 'png', 'webp'],
  noun: 'picture',
  field: 'images',
};
const SIZES = [
  { suffix: '160', width: 160, height: 120, fit: 'contain' as const },
  { suffix: '320', width: 320, height: 240, fit: 'contain' as const },
];

beforeAll(async () => {
  app = Fastify();
  app.decorate('config', { imagesDir: dir } as never);
  installErrorHandling(app);
  await installUploads(app);
  app.post('/upload', async (req, reply) =>
    answerUpload(
      req,
      reply,
      '/back',
      async () => {
        const { files: got, fields } = await receiveFiles(req, spec, (f) =>
          imageVariants(f.data, newKey('u'), SIZES),
        );
        const all = got.flat();
        return storeThenCommit(app.storage, all, async () => {
          if (failCommit) throw new Error('the database refused');
          committed.push(all.map((v) => v.name));
          return { status: true, names: all.map((v) => v.name), fields };
        });
      },
      201,
    ),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const send = (parts: Parameters<typeof multipart>[0], headers: Record<string, string> = {}) => {
  const m = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/upload',
    payload: m.payload,
    headers: { ...m.headers, ...headers },
  });
};

describe('sniff', () => {
  it('tells types by their first bytes, not by name', async () => {
    expect(sniff(await photo())).toBe('jpeg');
    expect(sniff(await photo({ format: 'png' }))).toBe('png');
    expect(sniff(await photo({ format: 'webp' }))).toBe('webp');
    expect(sniff(Buffer.from('GIF89a......'))).toBe('gif');
    expect(sniff(Buffer.from('name,price\nPads,1000\n'), true)).toBe('csv');
    expect(sniff(PHP_AS_JPG)).toBe('csv'); // text: a CSV route may take it, a picture route never
    expect(sniff(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toBeNull(); // a Windows program
    expect(sniff(Buffer.from([0x61, 0xc3, 0x28]), true)).toBeNull(); // not UTF-8
  });
});

describe('receiving and storing', () => {
  it('stores the variants of good pictures, EXIF removed, and answers JSON', async () => {
    const r = await send([
      { field: 'note', value: 'front and back' },
      { field: 'images', filename: 'a.jpg', data: await photo(), type: 'image/jpeg' },
      {
        field: 'images',
        filename: 'b.png',
        data: await photo({ format: 'png' }),
        type: 'image/png',
      },
    ]);
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.fields).toEqual({ note: 'front and back' });
    expect(body.names).toHaveLength(4);
    for (const name of body.names) {
      const m = await sharp(path.join(dir, name)).metadata();
      expect(m.format).toBe('webp');
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
    }
    expect((await sharp(path.join(dir, body.names[1])).metadata()).width).toBe(320);
  });

  it('refuses a script named .jpg by its bytes (415) and stores nothing', async () => {
    const before = files();
    const r = await send([
      { field: 'images', filename: 'shell.jpg', data: PHP_AS_JPG, type: 'image/jpeg' },
    ]);
    expect(r.statusCode).toBe(415);
    expect(r.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(r.json().message).toContain('shell.jpg');
    expect(files()).toEqual(before);
  });

  it('refuses a file over the cap without keeping it (413), even among good ones', async () => {
    const before = files();
    const big = Buffer.concat([await photo(), Buffer.alloc(2 * 1024 * 1024)]);
    const r = await send([
      { field: 'images', filename: 'ok.jpg', data: await photo() },
      { field: 'images', filename: 'big.jpg', data: big },
    ]);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toContain('at most 1 MB');
    expect(files()).toEqual(before);
  });

  it('refuses a streamed body over the cap with no length given', async () => {
    const m = multipart([{ field: 'images', filename: 'x.jpg', data: Buffer.alloc(4) }]);
    const head = m.payload.subarray(0, m.payload.indexOf('\r\n\r\n') + 4);
    const jpeg = await photo();
    // 30 MB produced lazily: the server stops keeping bytes at the cap.
    let sent = 0;
    const body = Readable.from(
      (function* () {
        yield head;
        yield jpeg;
        while (sent < 30 * 1024 * 1024) {
          sent += 256 * 1024;
          yield Buffer.alloc(256 * 1024);
        }
        yield Buffer.from(`\r\n--${m.headers['content-type'].split('boundary=')[1]}--\r\n`);
      })(),
    );
    const before = files();
    const r = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: body,
      headers: m.headers,
    });
    expect(r.statusCode).toBe(413);
    expect(files()).toEqual(before);
  });

  it('refuses a declared length beyond every file the route takes before reading', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: Buffer.alloc(10),
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(30 * 1024 * 1024),
      },
    });
    expect(r.statusCode).toBe(413);
  });

  it('refuses damaged pictures, too many files, no file and other content types', async () => {
    const before = files();
    const broken = (await photo()).subarray(0, 400);
    expect((await send([{ field: 'images', filename: 'cut.jpg', data: broken }])).statusCode).toBe(
      400,
    );
    const four = await Promise.all([1, 2, 3, 4].map(() => photo({ width: 40, height: 30 })));
    const many = await send(
      four.map((data, i) => ({ field: 'images', filename: `${i}.jpg`, data })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toContain('at most 3');
    const none = await send([{ field: 'images', filename: '', data: Buffer.alloc(0) }]);
    expect(none.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    expect(files()).toEqual(before);
  });

  it('removes the stored files again when the database change fails', async () => {
    const before = files();
    failCommit = true;
    try {
      const r = await send([{ field: 'images', filename: 'a.jpg', data: await photo() }]);
      expect(r.statusCode).toBe(500);
    } finally {
      failCommit = false;
    }
    expect(files()).toEqual(before);
  });

  it('answers a page form with a redirect back, saying what happened', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const ok = await send(
      [{ field: 'images', filename: 'a.webp', data: await photo({ format: 'webp' }) }],
      html,
    );
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/back?upload=ok');
    const bad = await send([{ field: 'images', filename: 'a.jpg', data: PHP_AS_JPG }], html);
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe('/back?uploadError=UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('disk storage', () => {
  it('keeps names inside its folder', async () => {
    const s = diskStorage(dir);
    for (const bad of ['../x', '/etc/passwd', 'a/../../b', 'A.webp', 'a/b/c.webp', ''])
      await expect(s.put(bad, Buffer.from('x'))).rejects.toThrow('Bad storage name');
    await s.put('logos/l-1-96.webp', Buffer.from('x'));
    expect(await s.has('logos/l-1-96.webp')).toBe(true);
    await s.remove('logos/l-1-96.webp');
    await s.remove('logos/l-1-96.webp');
    expect(await s.open('logos/l-1-96.webp')).toBeNull();
  });
});
