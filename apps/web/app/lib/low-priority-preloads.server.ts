import { Transform, type Writable } from 'node:stream';

// React hoists the module preloads of <Scripts> into <head>, ahead of the stylesheet, at the
// browser's high priority: on a slow phone connection the page's ~25 JavaScript chunks then
// share the first round trips with the stylesheet and the first product photo, and the page
// paints seconds later (Lighthouse's mobile simulation counts them as render-blocking for the
// same reason). Marked low, they are still fetched in parallel from the start (no import
// waterfall), only after what the first paint needs. The page works before its JavaScript
// (forms are plain GET/POST), so a later hydration costs nothing a visitor can't already do.

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchPriority="low"';
const HEAD_END = '</head>';
/** A head longer than this is passed on as it is (never held back waiting for `</head>`). */
const MAX_HEAD = 256 * 1024;

/**
 * A stream for React to render into, piped to `sink`: the module preloads of the document's head
 * are marked low priority, the body passes untouched. React writes a page in 4 KB pieces and
 * calls `flush()` after each batch: the pieces are held and passed on as one at each flush (a
 * compressor behind is called once per batch, not once per piece: each call is a trip to
 * libuv's threads), then the flush is passed on to the sink (so a compressor sends what it holds).
 */
export function lowPriorityPreloads(sink: Writable): Transform {
  let held = '';
  let done = false;
  let batch: Buffer[] = [];
  const t = new Transform({
    transform(chunk: Buffer | string, _enc, cb) {
      if (done) {
        batch.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        return cb();
      }
      held += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const end = held.indexOf(HEAD_END);
      if (end === -1 && held.length < MAX_HEAD) return cb();
      done = true;
      const cut = end === -1 ? held.length : end;
      const out = held.slice(0, cut).replaceAll(PRELOAD, LOW) + held.slice(cut);
      held = '';
      cb(null, out);
    },
    flush(cb) {
      const rest = held.length ? [Buffer.from(held.replaceAll(PRELOAD, LOW))] : [];
      cb(null, Buffer.concat([...rest, ...take()]));
    },
  });
  const take = () => {
    const out = batch;
    batch = [];
    return out;
  };
  t.pipe(sink);
  const forward = (sink as Writable & { flush?: () => void }).flush;
  Object.assign(t, {
    flush: () => {
      if (batch.length) t.push(Buffer.concat(take()));
      forward?.call(sink);
    },
  });
  return t;
}
