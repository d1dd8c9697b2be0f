/** Longer redirect targets are refused: no page of ours needs one, and headers stay small. */
export const REDIRECT_MAX = 2000;

const BASE = 'http://redirect.invalid';
// Control characters (C0, DEL, C1), backslashes (browsers read them as slashes) and the
// replacement character (what invalid UTF-8 decodes to) never belong in a path of ours.
// eslint-disable-next-line no-control-regex
const REFUSED = /[\u0000-\u001f\u007f-\u009f\\\ufffd]/;
// Lone surrogates cannot be encoded as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The one gate for every redirect target, in pages and in the API: a path of this site
 * ("/…", not "//host" or "/\host", no scheme) of printable characters, at most REDIRECT_MAX
 * long, or else `fallback`. The answer is percent-encoded printable ASCII, so it is always a
 * valid Location header and a browser cannot read it as another host.
 */
export function safeRedirectPath(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > REDIRECT_MAX) return fallback;
  if (to[0] !== '/' || to[1] === '/' || REFUSED.test(to) || LONE_SURROGATE.test(to))
    return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Normalising can still produce "//host" (e.g. "/.//host"): refuse it.
  const out = `${url.pathname}${url.search}${url.hash}`;
  if (!out.startsWith('/') || out.startsWith('//') || out.length > REDIRECT_MAX) return fallback;
  if (!/^[\x21-\x7e]+$/.test(out)) return fallback;
  return out;
}
