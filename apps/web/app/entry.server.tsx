import { PassThrough, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { securityHeaders } from '@sf/shared';
import { scriptsAfterFirstPaint } from './lib/scripts-after-first-paint.server.ts';

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

  // Node 20 keeps every web stream (a ReadableStream, its reader) and whatever it holds until its
  // next full garbage collection, and React renders inside an AsyncLocalStorage holding the whole
  // render, which every promise made in the render keeps. A page's streams are therefore made
  // here, before the render, and its HTML goes back to the server as the Node stream React writes
  // (loadContext.sendBody) rather than as a web stream: each page kept in memory until the next
  // full collection made one every second under load, and each held up the pages in flight.
  let timer: NodeJS.Timeout | undefined;
  let abortRender: (() => void) | undefined;
  const body = new PassThrough();
  // Pages are compressed on the way out (a list page is ~180 KB of HTML, ~25 KB compressed).
  // React flushes the compressor after each chunk, so streaming still works.
  const enc = request.headers.get('accept-encoding') ?? '';
  const br = /\bbr\b/.test(enc);
  let sink: Writable = body;
  if (br || /\bgzip\b/.test(enc)) {
    const z = br
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.createGzip({ level: 6 });
    z.pipe(body);
    sink = z;
  }
  // The abort timer holds the render: cleared once the page is written, or every page would stay
  // in memory for six seconds after it was sent. A body closed before its end (a HEAD request, a
  // visitor gone) stops the render, which would otherwise wait on the compressor for good.
  body.once('close', () => {
    clearTimeout(timer);
    if (!body.writableFinished) {
      sink.destroy();
      abortRender?.();
    }
  });
  const sendBody = loadContext?.sendBody;
  const stream = sendBody ? null : createReadableStreamFromReadable(body);
  // React Router's stream of the loader data is read by the render: its reader is taken here.
  const handoff = routerContext.serverHandoffStream;
  if (handoff) {
    const reader = handoff.getReader();
    routerContext.serverHandoffStream = { getReader: () => reader } as ReadableStream<Uint8Array>;
  }

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
          if (sink !== body) {
            responseHeaders.set('Content-Encoding', br ? 'br' : 'gzip');
            responseHeaders.append('Vary', 'Accept-Encoding');
          }
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          sendBody?.(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(scriptsAfterFirstPaint(sink, nonce));
        },
        onShellError(error: unknown) {
          body.destroy();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortRender = abort;
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}
