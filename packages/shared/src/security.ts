/**
 * Security headers for every response (API, static files and server-rendered pages).
 * Scripts run only from our origin or with the per-request nonce: no inline script otherwise.
 */
export function securityHeaders(
  opts: {
    nonce?: string;
    https?: boolean;
    /** Origins pictures and media may also come from (the uploads' CDN, MEDIA_ORIGINS). */
    mediaOrigins?: readonly string[];
  } = {},
): Record<string, string> {
  const script = opts.nonce ? `'self' 'nonce-${opts.nonce}'` : `'self'`;
  const media = (opts.mediaOrigins ?? []).map((o) => ` ${o}`).join('');
  const h: Record<string, string> = {
    'Content-Security-Policy': [
      `default-src 'self'`,
      `script-src ${script}`,
      `style-src 'self' 'unsafe-inline'`,
      `img-src 'self' data: blob:${media}`,
      `media-src 'self'${media}`,
      `font-src 'self'`,
      `connect-src 'self'`,
      // The service worker (/sw.js) and the manifest come from our origin only (0028).
      `worker-src 'self'`,
      `manifest-src 'self'`,
      `form-action 'self'`,
      `frame-ancestors 'none'`,
      `base-uri 'self'`,
      `object-src 'none'`,
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (opts.https) h['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return h;
}
