import { Transform, type Writable } from 'node:stream';
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from './scripts-after-first-paint.ts';

// React Router's <Scripts> writes the page's module preloads (hoisted into <head> by React) and,
// at the end of <body>, the module script that imports the route modules and starts hydration.
// Both are handed over inert here, and SCRIPTS_AFTER_FIRST_PAINT (rendered after <Scripts> in
// root.tsx) starts them once the first screen has painted: see scripts-after-first-paint.ts for
// why. The elements stay where React put them (same tags, same order), so hydration matches.

const PRELOAD = '<link rel="modulepreload"';
const INERT_PRELOAD = `<link rel="${INERT_PRELOAD_REL}"`;
const HEAD_END = '</head>';
/** A head longer than this is passed on as it is (never held back waiting for `</head>`). */
const MAX_HEAD = 256 * 1024;

/** The opening tag React writes for <Scripts>' module script with this nonce. */
export function bootScriptTag(nonce: string) {
  return `<script nonce="${nonce}" type="module" async="">`;
}

/**
 * A stream for React to render into, piped to `sink`: the head's module preloads and the body's
 * boot module script (the one with the page's own nonce, which content cannot know) are made
 * inert, everything else passes untouched, as bytes (a piece may end inside a character). React
 * writes a page in 4 KB pieces and calls `flush()` after each batch: the pieces are held and
 * passed on as one at each flush (a compressor behind is called once per batch, not once per
 * piece: each call is a trip to libuv's threads), then the flush is passed on to the sink (so a
 * compressor sends what it holds). The boot tag may be split across batches: an end that could be
 * its start is held back until the next.
 */
export function scriptsAfterFirstPaint(sink: Writable, nonce: string | undefined): Transform {
  // Without a nonce of its own (never in production) a page's boot script is not told apart.
  const boot = Buffer.from(nonce ? bootScriptTag(nonce) : '');
  const inertBoot = Buffer.from(
    boot.toString().replace('type="module"', `type="${INERT_MODULE_TYPE}"`),
  );
  let head = Buffer.alloc(0);
  let inBody = false;
  let bootFound = !nonce;
  let batch: Buffer[] = [];
  /** The end of the body so far that could be the start of the boot tag, held for the next piece. */
  let tail = Buffer.alloc(0);

  const inertHead = (buf: Buffer) =>
    Buffer.from(buf.toString('utf8').replaceAll(PRELOAD, INERT_PRELOAD));
  /** The body pieces held so far, the boot tag made inert, less a tail that could start it. */
  const release = (final: boolean) => {
    let buf = Buffer.concat([tail, ...batch]);
    batch = [];
    tail = Buffer.alloc(0);
    if (bootFound) return buf;
    const at = buf.indexOf(boot);
    if (at !== -1) {
      bootFound = true;
      return Buffer.concat([buf.subarray(0, at), inertBoot, buf.subarray(at + boot.length)]);
    }
    if (final) return buf;
    for (
      let i = buf.indexOf(0x3c, Math.max(0, buf.length - boot.length + 1));
      i !== -1;
      i = buf.indexOf(0x3c, i + 1)
    )
      if (boot.subarray(0, buf.length - i).equals(buf.subarray(i))) {
        tail = buf.subarray(i);
        buf = buf.subarray(0, i);
        break;
      }
    return buf;
  };

  const t = new Transform({
    transform(chunk: Buffer | string, _enc, cb) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (inBody) {
        batch.push(buf);
        return cb();
      }
      head = Buffer.concat([head, buf]);
      const end = head.indexOf(HEAD_END);
      if (end === -1 && head.length < MAX_HEAD) return cb();
      inBody = true;
      const cut = end === -1 ? head.length : end;
      batch.push(head.subarray(cut));
      const out = inertHead(head.subarray(0, cut));
      head = Buffer.alloc(0);
      cb(null, out);
    },
    flush(cb) {
      cb(null, inBody ? release(true) : inertHead(head));
    },
  });
  t.pipe(sink);
  const forward = (sink as Writable & { flush?: () => void }).flush;
  Object.assign(t, {
    flush: () => {
      if (inBody) {
        const out = release(false);
        if (out.length) t.push(out);
      }
      forward?.call(sink);
    },
  });
  return t;
}
