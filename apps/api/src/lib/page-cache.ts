import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { metrics } from './metrics.ts';

/**
 * A short-lived cache of server-rendered pages for guests (nginx-style micro-caching).
 *
 * Why: a guest's page depends only on its address, so for a few seconds every guest can get the same
 * render; a busy list or product page is then rendered once per TTL instead of once per visitor
 * (a 50-card list costs ~20 ms of CPU to render, a cached copy well under 1 ms).
 *
 * What keeps it correct:
 * - only guests' GETs are cached (a session cookie bypasses it), and only 200 answers without Set-Cookie;
 * - each answer still gets its own CSP nonce: pages are rendered with a secret placeholder nonce,
 *   stored split at its occurrences, and joined with a fresh nonce per response;
 * - any state-changing request clears the cache (`clear()`; but for writes only their user sees:
 *   privateWrites below), so a price change shows at once on
 *   this server; the TTL bounds staleness for writes made elsewhere (another process, the seed CLI):
 *   a page past its TTL is served at most one more TTL while a fresh render replaces it;
 * - concurrent misses for one address share one render; total size is bounded by bytes, the least
 *   recently served page out first.
 */
export interface CachedPage {
  status: number;
  /** Header pairs, values split at the placeholder like the body. */
  headers: [string, string[]][];
  /** Body split at the placeholder nonce. */
  body: Buffer[];
  bytes: number;
  at: number;
}

export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
}

function splitBuffer(buf: Buffer, sep: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = buf.indexOf(sep); i !== -1; i = buf.indexOf(sep, from)) {
    parts.push(buf.subarray(from, i));
    from = i + sep.length;
  }
  parts.push(buf.subarray(from));
  return parts;
}

export function createPageCache({
  ttlMs = 10_000,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
}: PageCacheOptions = {}) {
  // Looks like any nonce (16 random bytes, base64) and cannot be guessed, so it never occurs by chance
  // and a visitor cannot plant it in content to have it replaced by the real nonce.
  const placeholder = crypto.randomBytes(16).toString('base64');
  const placeholderBuf = Buffer.from(placeholder);
  // A page bigger than an eighth of the cache is still served to the waiting visitors, not kept.
  const entries = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    maxEntrySize: maxBytes / 8,
    sizeCalculation: (e) => Math.max(1, e.bytes),
  });
  const pending = new Map<string, Promise<{ entry: CachedPage; personal: boolean }>>();
  let generation = 0;

  const toEntry = (page: RenderedPage): CachedPage => ({
    status: page.status,
    headers: page.headers.map(([k, v]) => [k, v.split(placeholder)]),
    body: splitBuffer(page.body, placeholderBuf),
    bytes: page.body.length,
    at: now(),
  });

  function keep(key: string, entry: CachedPage) {
    entries.set(key, entry);
  }

  function start(key: string, render: () => Promise<RenderedPage>) {
    const gen = generation;
    const p = render()
      .then((page) => {
        const entry = toEntry(page);
        const personal = page.headers.some(([k]) => k.toLowerCase() === 'set-cookie');
        // A write during the render may have changed what it shows: serve it, but do not keep it.
        if (page.status === 200 && !personal && gen === generation) keep(key, entry);
        return { entry, personal };
      })
      .finally(() => pending.delete(key));
    pending.set(key, p);
    return p;
  }

  return {
    placeholder,
    get size() {
      return entries.size;
    },
    /**
     * The cached page for `key`, or the one `render` makes (with `placeholder` as its nonce), kept when it
     * is a 200 without Set-Cookie; `hit` says which. Null when the caller must render for itself.
     */
    async get(
      key: string,
      render: () => Promise<RenderedPage>,
    ): Promise<{ page: CachedPage; hit: boolean } | null> {
      // Reading it refreshes its place, so the busiest pages are the last to be evicted.
      const e = entries.get(key);
      const age = e ? now() - e.at : Infinity;
      if (e && age < ttlMs * 2) {
        metrics.cacheRequests.inc({ cache: 'page', result: age < ttlMs ? 'hit' : 'stale' });
        // Past its TTL (but not two): still served while one render replaces it in the background, so
        // visitors never queue behind the refresh of a busy page. A write clears it outright instead.
        if (age >= ttlMs && !pending.has(key)) start(key, render).catch(() => {});
        return { page: e, hit: true };
      }
      metrics.cacheRequests.inc({ cache: 'page', result: 'miss' });
      const mine = !pending.has(key);
      const { entry, personal } = await (pending.get(key) ?? start(key, render));
      // An answer that sets a cookie belongs to the visitor it was rendered for; the others render their own.
      return personal && !mine ? null : { page: entry, hit: false };
    },
    /** Forgets every page (after any write). */
    clear() {
      generation++;
      entries.clear();
    },
  };
}

/** The page's headers and body with `nonce` in place of the placeholder. */
export function materialize(page: CachedPage, nonce: string) {
  const n = Buffer.from(nonce);
  const chunks: Buffer[] = [];
  page.body.forEach((part, i) => {
    if (i) chunks.push(n);
    chunks.push(part);
  });
  return {
    status: page.status,
    headers: page.headers.map(([k, parts]) => [k, parts.join(nonce)] as [string, string]),
    body: Buffer.concat(chunks),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write to the user's own things, which no guest page shows (see privateWrites). */
    guestPagesUnchanged?: boolean;
  }
}

/**
 * Marks every route the plugin `app` registers from here on as writing only what its user alone
 * sees (a cart, saved alerts, push subscriptions, notification settings, saved cars): no guest page
 * shows it, so those writes leave every process's guest page cache alone. Any other accepted write
 * clears it (web.ts). A cart line is the commonest write: clearing on each one left the cache empty
 * whenever someone was shopping, and cost each one a message to every process.
 * Only for a module none of whose writes a public page reads: a chat message is not one (a
 * store's reply time is on its product pages).
 */
export function privateWrites(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, guestPagesUnchanged: true };
  });
}

/** Whether this accepted write may change a page a guest sees (a cached one). */
export function changesGuestPages(req: FastifyRequest): boolean {
  return req.routeOptions.config?.guestPagesUnchanged !== true;
}
