import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';

/** The worker's source: plain JavaScript, no build step (docs/decisions/0028). */
export const SW_SOURCE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/sw/sw.js',
);

/** Route ids whose files make the app shell: every page needs root, the offline page its own. */
const SHELL_ROUTES = ['root', 'routes/offline'];
/** Public files the installed app needs without signal (the manifest's icons among them). */
const SHELL_PUBLIC = [
  '/offline',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-maskable-192.png',
];

/** The built files every page loads: the client entry, root's and the offline page's chunks and CSS. */
export function shellFiles(assets: ServerBuild['assets']): string[] {
  const files = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports]);
  for (const id of SHELL_ROUTES) {
    const r = assets.routes[id];
    if (!r) continue;
    files.add(r.module);
    for (const f of [...(r.imports ?? []), ...(r.css ?? [])]) files.add(f);
  }
  return [...files, ...SHELL_PUBLIC];
}

/**
 * The worker as served: its version names this build and this source, so a deployment (or a
 * change to the worker) is a different file, which browsers install in place of the old one.
 */
export function serviceWorkerScript(
  source: string,
  build: Pick<ServerBuild, 'assets'>,
  appVersion: string,
) {
  const shell = shellFiles(build.assets);
  const version = crypto
    .createHash('sha256')
    .update(`${source}\n${build.assets.version}\n${appVersion}\n${shell.join('\n')}`)
    .digest('hex')
    .slice(0, 12);
  const body = source
    .replace(`'__SF_VERSION__'`, JSON.stringify(version))
    .replace('__SF_SHELL__', JSON.stringify(shell));
  return { body, version, shell };
}

/**
 * GET /sw.js at the root, so its scope is the whole site. `no-cache`: the browser asks every
 * time whether a new deployment brought a new worker (it compares the bytes).
 */
export function installServiceWorker(app: FastifyInstance, build: Pick<ServerBuild, 'assets'>) {
  const { body, version } = serviceWorkerScript(
    fs.readFileSync(SW_SOURCE, 'utf8'),
    build,
    app.config.version,
  );
  const etag = `"sw-${version}"`;
  app.get('/sw.js', { schema: { hide: true } }, async (req, reply) => {
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(body);
  });
}
