import type { FastifyInstance, FastifyRequest } from 'fastify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Is this state-changing request from our own pages? Browsers send Origin (or at least
 * Referer) on cross-site posts; when one of them names another host, the request is refused.
 * Requests with neither header do not come from a browser page (curl, app.inject, server to
 * server) and cannot carry a victim's cookie by a forged form, so they pass. With the
 * SameSite=Lax session cookie this is the CSRF defence (ASVS 4.2.2, 3.4.3).
 */
export function isSameOrigin(req: FastifyRequest, publicUrl?: string): boolean {
  const allowed = new Set<string>();
  for (const h of [req.host, req.headers.host]) {
    if (!h) continue;
    allowed.add(h.toLowerCase());
    // Browsers leave default ports out of Origin: compare "host:80" as "host".
    for (const scheme of ['http', 'https']) {
      const n = hostOf(`${scheme}://${h}`);
      if (n) allowed.add(n);
    }
  }
  const pub = publicUrl && hostOf(publicUrl);
  if (pub) allowed.add(pub);
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    const h = origin === 'null' ? null : hostOf(origin);
    return h !== null && allowed.has(h);
  }
  const referer = req.headers.referer;
  if (typeof referer === 'string' && referer !== '') {
    const h = hostOf(referer);
    return h !== null && allowed.has(h);
  }
  return true;
}

/** Refuses (403) cross-site POST/PUT/PATCH/DELETE on the API and on page actions alike. */
export function installCsrfGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    if (!STATE_CHANGING.has(req.method)) return;
    if (isSameOrigin(req, app.config.publicUrl)) return;
    req.log.warn(
      { origin: req.headers.origin, referer: req.headers.referer, url: req.url },
      'cross-site request refused',
    );
    return reply.status(403).send({
      status: false,
      code: 'CSRF',
      message:
        'This request came from another site and was refused. Please use the form on SpareFinder NG.',
    });
  });
}
