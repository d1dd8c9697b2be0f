import { validateHeaderName, validateHeaderValue } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The names of headers Node would refuse to write (control characters, characters > U+00FF). */
export function invalidHeaders(headers: Iterable<[string, unknown]>): string[] {
  const bad: string[] = [];
  for (const [name, value] of headers) {
    try {
      validateHeaderName(name);
      for (const v of Array.isArray(value) ? value : [value])
        if (v !== undefined) validateHeaderValue(name, v);
    } catch {
      bad.push(name);
    }
  }
  return bad;
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * Node throws while writing a header value it refuses, after every handler has returned, where
 * nothing would catch it. Every answer's headers are checked here first: a bad one is logged
 * and dropped, and the answer becomes a 500 (JSON for the API, a page for pages).
 */
export function installReplyGuard(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    const bad = invalidHeaders(Object.entries(reply.getHeaders()));
    if (!bad.length) return payload;
    for (const name of bad) reply.removeHeader(name);
    req.log.error({ headers: bad, url: req.url }, 'answer refused: invalid header value');
    const stream = payload as { destroy?: () => void } | null;
    if (stream && typeof stream.destroy === 'function') stream.destroy();
    reply.removeHeader('content-length');
    reply.removeHeader('content-encoding');
    reply.code(500);
    if (req.url.startsWith('/api/') || req.url === '/api') {
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({ status: false, code: 'INTERNAL', message: INTERNAL_MESSAGE });
    }
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    return errorPageHtml(500);
  });
}

/** A plain error page (no scripts, no data): what a page answers when rendering it failed. */
export function errorPageHtml(status: number): string {
  const title = status >= 500 ? 'Something went wrong' : 'Bad request';
  const text = status >= 500 ? INTERNAL_MESSAGE : 'This address could not be read.';
  return `<!doctype html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | SpareFinder NG</title></head><body style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1>${title}</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></body></html>`;
}
