import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { acceptedEncoding, compress, MIN_COMPRESS_BYTES, type Encoding } from './encoding.ts';

/** Types worth compressing: text of every kind. Pictures, archives and fonts are compressed already. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|.*\+json|.*\+xml|x-ndjson)|image\/svg)/i;

/**
 * A stream compressed as it goes, flushed after every chunk: page data (`.data`) streams deferred
 * loaders' answers, and a phone must get each part when the server has it, not when the stream
 * ends. Brotli quality 4 keeps up with a stream (6 is for answers compressed once).
 */
function compressStream(encoding: Encoding) {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
      })
    : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
}

/**
 * Every answer over 1 KB that is not compressed already goes out as brotli or gzip when the
 * client takes it: API answers, page data and pages alike (cached lists and pages arrive here
 * compressed and pass through). Our users pay for every megabyte; a 45 KB order list is ~6 KB.
 * In-process calls (pages loading their data) send no Accept-Encoding and get plain answers.
 */
export function installCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (payload == null || req.method === 'HEAD') return payload;
    if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304)
      return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    // Whether or not this one is compressed, the answer depends on the header.
    reply.header('vary', varyWith(reply.getHeader('vary')));
    if (!encoding) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length <= MIN_COMPRESS_BYTES) return payload;
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return compress(body, encoding);
    }
    if (payload instanceof Readable) {
      const length = Number(reply.getHeader('content-length'));
      if (length > 0 && length <= MIN_COMPRESS_BYTES) return payload;
      reply.header('content-encoding', encoding).removeHeader('content-length');
      const z = compressStream(encoding);
      payload.on('error', (err) => z.destroy(err));
      return payload.pipe(z);
    }
    return payload;
  });
}

function varyWith(current: unknown): string {
  const list = String(current ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*'))
    list.push('Accept-Encoding');
  return list.join(', ');
}
