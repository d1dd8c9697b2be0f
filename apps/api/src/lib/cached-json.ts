import type { FastifyReply } from 'fastify';

// A cached answer (lib/cache.ts `memo`) is one object, given to every request until its cache
// refreshes it; turning it into JSON was most of what a cached list cost (a 50-item page is
// about 45 KB). Its JSON, made by the route's own 200 schema exactly as Fastify would, is kept
// beside it, weakly: it goes when the cache lets the object go. A fresh object (the cache off,
// a refresh) is serialised once more, so nothing here can serve an answer the cache no longer
// holds.
const bodies = new WeakMap<object, string>();

/** Sends `answer` as the route's 200 JSON, serialised once per answer object. */
export function sendCachedJson(reply: FastifyReply, answer: object) {
  let body = bodies.get(answer);
  if (body === undefined) {
    body = reply.serializeInput(answer as Record<string, unknown>, '200') as string;
    bodies.set(answer, body);
  }
  // A JSON type and a string: Fastify sends the text as it is.
  return reply.type('application/json; charset=utf-8').send(body);
}
