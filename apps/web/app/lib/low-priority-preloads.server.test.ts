import { describe, expect, it } from 'vitest';
import { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { lowPriorityPreloads } from './low-priority-preloads.server.ts';

async function through(chunks: string[]): Promise<string> {
  const out: string[] = [];
  const sink = new PassThrough();
  Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityPreloads(sink));
  for await (const c of sink) out.push(c.toString());
  return out.join('');
}

const head =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/>' +
  '<link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/b.js"/></head>';
const body = '<body><p>text about <link rel="modulepreload" in a post</p></body></html>';

describe('lowPriorityPreloads', () => {
  it('marks every module preload of the head low and leaves the body as it is', async () => {
    const html = await through([head + body]);
    expect(html).toBe(
      head.replaceAll(
        '<link rel="modulepreload"',
        '<link rel="modulepreload" fetchPriority="low"',
      ) + body,
    );
  });

  it('finds a preload split across chunks', async () => {
    const whole = head + body;
    const at = whole.indexOf('modulepreload" href="/b.js"') - 5;
    const html = await through([whole.slice(0, at), whole.slice(at, at + 3), whole.slice(at + 3)]);
    expect(html.match(/fetchPriority="low"/g)).toHaveLength(2);
    expect(html.endsWith(body)).toBe(true);
  });

  it('passes a document without a head end through, rewritten, at the end', async () => {
    expect(await through(['<link rel="modulepreload" href="/x.js"/>'])).toBe(
      '<link rel="modulepreload" fetchPriority="low" href="/x.js"/>',
    );
  });

  it("passes React's flush on to a compressor, so a streamed part goes out at once", async () => {
    const gzip = zlib.createGzip();
    const out: Buffer[] = [];
    gzip.on('data', (c: Buffer) => out.push(c));
    const t = lowPriorityPreloads(gzip) as unknown as { write(s: string): void; flush(): void };
    t.write(head);
    t.flush();
    await new Promise((r) => setTimeout(r, 50));
    expect(
      zlib.gunzipSync(Buffer.concat(out), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString(),
    ).toContain('fetchPriority="low" href="/b.js"');
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
      const t = lowPriorityPreloads(sink) as unknown as {
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
