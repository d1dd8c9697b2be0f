import { describe, expect, it } from 'vitest';
import { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { bootScriptTag, scriptsAfterFirstPaint } from './scripts-after-first-paint.server.ts';

const NONCE = 'Zm9vYmFyYmF6cXV4cXV1eA==';

async function through(chunks: string[], nonce = NONCE): Promise<string> {
  const out: Buffer[] = [];
  const sink = new PassThrough();
  Readable.from(chunks.map((c) => Buffer.from(c))).pipe(scriptsAfterFirstPaint(sink, nonce));
  for await (const c of sink) out.push(c);
  return Buffer.concat(out).toString();
}

/** Writes `pieces` as React does (a flush after each) and gives back everything passed on. */
async function flushed(pieces: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (c: Buffer) => out.push(c));
  const t = scriptsAfterFirstPaint(sink, NONCE) as unknown as {
    write(b: Buffer): void;
    flush(): void;
    end(): void;
  };
  for (const p of pieces) {
    t.write(p);
    t.flush();
  }
  t.end();
  await new Promise((r) => sink.on('end', r));
  return Buffer.concat(out);
}

const head =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/>' +
  '<link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head>';
const boot = `${bootScriptTag(NONCE)}import "/entry.js";</script>`;
const inertBoot = `<script nonce="${NONCE}" type="text/sf-module" async="">import "/entry.js";</script>`;
// What a post could show as text, and a module script with another nonce: both pass as they are.
const body =
  '<body><p>text about &lt;link rel="modulepreload" in a post</p>' +
  '<script nonce="b3RoZXI=" type="module" async="">1</script>' +
  boot +
  '<script nonce="x">start()</script></body></html>';
const inertHead = head.replaceAll('rel="modulepreload"', 'rel="sf-modulepreload"');
const expected = inertHead + body.replace(boot, inertBoot);

describe('scriptsAfterFirstPaint', () => {
  it("makes the head's module preloads and the page's own boot script inert, nothing else", async () => {
    expect(await through([head + body])).toBe(expected);
  });

  it('finds a preload split across pieces of the head', async () => {
    const whole = head + body;
    const at = whole.indexOf('modulepreload" href="/b.js"') - 5;
    const html = await through([whole.slice(0, at), whole.slice(at, at + 3), whole.slice(at + 3)]);
    expect(html).toBe(expected);
  });

  it('finds the boot tag wherever the flushed batches split it', async () => {
    const whole = Buffer.from(head + body);
    const at = whole.indexOf(bootScriptTag(NONCE));
    for (let cut = at - 2; cut <= at + bootScriptTag(NONCE).length + 2; cut++) {
      const out = await flushed([whole.subarray(0, cut), whole.subarray(cut)]);
      expect(out.toString()).toBe(expected);
    }
    // One byte a batch: the tag is held back piece by piece and still found.
    const bytes = [...whole].map((b) => Buffer.from([b]));
    expect((await flushed(bytes)).toString()).toBe(expected);
  });

  it('passes a character split across pieces through whole', async () => {
    const whole = Buffer.from(head + '<body><p>₦12,000</p>' + boot + '</body>');
    const at = whole.indexOf(Buffer.from('₦')) + 1;
    const out = await flushed([whole.subarray(0, at), whole.subarray(at)]);
    expect(out.toString()).toContain('<p>₦12,000</p>');
    expect(out.toString()).toContain(inertBoot);
  });

  it('leaves the body alone when the page has no nonce of its own', async () => {
    const noNonce = '<body><script type="module" async="">import "/entry.js";</script></body>';
    const out: Buffer[] = [];
    const sink = new PassThrough();
    Readable.from([Buffer.from(head + noNonce)]).pipe(scriptsAfterFirstPaint(sink, undefined));
    for await (const c of sink) out.push(c);
    expect(Buffer.concat(out).toString()).toBe(inertHead + noNonce);
  });

  it('passes a document without a head end through, rewritten, at the end', async () => {
    expect(await through(['<link rel="modulepreload" href="/x.js"/>'])).toBe(
      '<link rel="sf-modulepreload" href="/x.js"/>',
    );
  });

  it("passes React's flush on to a compressor, so a streamed part goes out at once", async () => {
    const gzip = zlib.createGzip();
    const out: Buffer[] = [];
    gzip.on('data', (c: Buffer) => out.push(c));
    const t = scriptsAfterFirstPaint(gzip, NONCE) as unknown as {
      write(s: string): void;
      flush(): void;
    };
    t.write(head);
    t.write('<body><p>first screen</p>');
    t.flush();
    await new Promise((r) => setTimeout(r, 50));
    const so = zlib
      .gunzipSync(Buffer.concat(out), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
      .toString();
    expect(so).toContain('rel="sf-modulepreload" href="/b.js"');
    expect(so).toContain('<p>first screen</p>');
  });

  it("passes the body's pieces on as one at each flush, with a compressor behind or not", async () => {
    for (const compressed of [true, false]) {
      const writes: number[] = [];
      const sink = compressed ? zlib.createGzip() : new PassThrough();
      const write = sink.write.bind(sink);
      sink.write = ((chunk: Buffer, ...rest: any[]) => {
        // (zlib's own flush is an empty write)
        if (chunk.length) writes.push(chunk.length);
        return write(chunk, ...rest);
      }) as typeof sink.write;
      const out: Buffer[] = [];
      sink.on('data', (c: Buffer) => out.push(c));
      const t = scriptsAfterFirstPaint(sink, NONCE) as unknown as {
        write(s: string): void;
        flush(): void;
        end(): void;
      };
      t.write(head);
      for (let i = 0; i < 10; i++) t.write(`<p>piece ${i}</p>`);
      t.flush();
      await new Promise((r) => setTimeout(r, 20));
      // The head, then the ten pieces in one write: nothing held back after the flush.
      expect(writes).toHaveLength(2);
      const so = compressed
        ? zlib.gunzipSync(Buffer.concat(out), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
        : Buffer.concat(out);
      expect(so.toString()).toContain('<p>piece 9</p>');
      t.write('<p>last</p>');
      t.end();
      await new Promise((r) => sink.on('end', r));
      const all = compressed ? zlib.gunzipSync(Buffer.concat(out)) : Buffer.concat(out);
      expect(all.toString().endsWith('<p>piece 9</p><p>last</p>')).toBe(true);
    }
  });
});
