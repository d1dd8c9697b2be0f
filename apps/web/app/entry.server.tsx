import { PassThrough, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { securityHeaders } from '@sf/shared';
import { lowPriorityPreloads } from './lib/low-priority-preloads.server.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce;
  const https =
    request.url.startsWith('https:') || request.headers.get('x-forwarded-proto') === 'https';
  const mediaOrigins = loadContext?.mediaOrigins;
  for (const [k, v] of Object.entries(securityHeaders({ nonce, https, mediaOrigins })))
    responseHeaders.set(k, v);
  if (!responseHeaders.has('Cache-Control'))
    responseHeaders.set('Cache-Control', 'private, no-cache');

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const ua = request.headers.get('user-agent');
    // Crawlers and SPA-mode get the whole document at once; people get it streamed.
    const readyOption =
      (ua && isbot(ua)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          // Pages are compressed on the way out (a list page is ~180 KB of HTML, ~25 KB compressed).
          // React flushes the compressor after each chunk, so streaming still works.
          const enc = request.headers.get('accept-encoding') ?? '';
          let sink: Writable = body;
          if (/\bbr\b/.test(enc) || /\bgzip\b/.test(enc)) {
            const br = /\bbr\b/.test(enc);
            const z = br
              ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
              : zlib.createGzip({ level: 6 });
            z.pipe(body);
            sink = z;
            responseHeaders.set('Content-Encoding', br ? 'br' : 'gzip');
            responseHeaders.append('Vary', 'Accept-Encoding');
          }
          const head = lowPriorityPreloads(sink);
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(head);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
