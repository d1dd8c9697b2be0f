import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, compress, MIN_COMPRESS_BYTES, type Encoding } from './encoding.ts';

// A cached answer (lib/cache.ts `memo`) is one object, given to every request until its cache
// refreshes it. Turning it into JSON was most of what a cached list cost (a 50-item page is
// about 45 KB); after that, writing those 45 KB (a string encoded to UTF-8 on every write) and
// compressing them for the client (nginx's gzip, or nothing where the app is reached directly).
// So each answer's bytes are kept beside it, weakly (they go when the cache lets the object
// go): its JSON, made by the route's own 200 schema exactly as Fastify would, as a Buffer, and
// its brotli and gzip versions, each made once, when a client first takes that encoding.
// A fresh object (the cache off, a refresh) is serialised anew, so nothing here can serve an
// answer the cache no longer holds.
type Bodies = { json: Buffer } & Partial<Record<Encoding, Promise<Buffer>>>;
const bodies = new WeakMap<object, Bodies>();

function serialise(reply: FastifyReply, answer: object): Bodies {
  const text = reply.serializeInput(answer as Record<string, unknown>, '200') as string;
  const kept = { json: Buffer.from(text) };
  bodies.set(answer, kept);
  return kept;
}

/**
 * Sends `answer` as the route's 200 JSON, serialised once per answer object, and compressed
 * once per encoding (brotli or gzip, as the request's Accept-Encoding allows).
 */
export async function sendCachedJson(req: FastifyRequest, reply: FastifyReply, answer: object) {
  const kept = bodies.get(answer) ?? serialise(reply, answer);
  // Whatever the answer, it depends on the request's encodings: caches must keep them apart.
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding || kept.json.length < MIN_COMPRESS_BYTES) return reply.send(kept.json);
  let packed = kept[encoding];
  if (!packed) {
    packed = compress(kept.json, encoding);
    kept[encoding] = packed;
    // A failed compression is not kept: the next request tries again.
    packed.catch(() => kept[encoding] === packed && delete kept[encoding]);
  }
  let body: Buffer;
  try {
    body = await packed;
  } catch {
    return reply.send(kept.json);
  }
  return reply.header('content-encoding', encoding).send(body);
}
