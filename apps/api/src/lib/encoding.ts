import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Answers worth compressing go out as brotli or gzip when the client takes them: most of our
// users pay for every megabyte on a phone. Compression runs on libuv's threads (zlib's async
// calls), off the event loop.
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** Below this an answer is sent as it is: compressing would save less than a packet. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The encoding to answer with, from a request's Accept-Encoding: brotli where taken, else gzip,
 * else none. A coding listed with q=0 is refused; `*` stands for any coding not listed.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!text) return null;
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qv = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name, qv === undefined ? 1 : Number(qv));
  }
  const takes = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/**
 * `body` compressed. Brotli quality 6: the 180 KB parts list page is 19.2 KB in 2.3 ms, against
 * 21.5 KB in 1.7 ms at 4 (and 16.4 KB in 190 ms at 11); gzip at its usual level 6. The size hint
 * lets brotli size its window and tables for the body: without it each call sets up for a large
 * input, and a 1 KB API answer cost 192 µs instead of 106 µs, with the same bytes out.
 */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: 6 });
}
