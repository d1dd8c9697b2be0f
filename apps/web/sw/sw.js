/* SpareFinder NG service worker: the app shell and the offline page, pages and pictures the
 * user viewed, and the outbox of writes made without signal (docs/decisions/0028).
 *
 * Served by the API at /sw.js with `Cache-Control: no-cache`; the server fills in VERSION (the
 * build and this file's hash) and SHELL (the shell's built files), so every deployment is a new
 * worker whose activation deletes the previous deployment's caches. Plain JavaScript on purpose:
 * no build step, nothing to download but this file. */
'use strict';

const VERSION = '__SF_VERSION__';
const SHELL = __SF_SHELL__;
const OFFLINE = '/offline';

const PREFIX = 'sf-';
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
const ASSETS_CACHE = `${PREFIX}assets-${VERSION}`;
const PAGES_CACHE = `${PREFIX}pages-${VERSION}`;
// Pictures are content, not code: they outlive a deployment (their URLs name their bytes).
const PICTURES_CACHE = `${PREFIX}pictures-1`;
const KEEP = [SHELL_CACHE, ASSETS_CACHE, PAGES_CACHE, PICTURES_CACHE];

/** Bounds: a cheap phone's storage is small; the oldest entry leaves first. */
const MAX_PAGES = 60;
const MAX_ASSETS = 120;
const MAX_PICTURES = 150;
/** On a weak signal a page waits this long for the network, then the saved copy is shown. */
const NETWORK_WAIT_MS = 6000;

/** Pages never kept for offline: staff work, sign-in forms, checkout. */
const NOT_KEPT = /^\/(admin|auth|shopping\/checkout|api)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // The shell is the guest's: a cached header must not show a signed-in name.
      await Promise.all(
        SHELL.map(async (url) => {
          const res = await fetch(url, { credentials: 'omit', cache: 'no-cache' });
          if (!res.ok) throw new Error(`${url}: ${res.status}`);
          await cache.put(url, res);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(PREFIX) && !KEEP.includes(name)) await caches.delete(name);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** Keeps a copy, then drops the oldest entries past `max` (keys come back oldest first). */
async function keep(cacheName, request, response, max) {
  const cache = await caches.open(cacheName);
  await cache.delete(request, { ignoreVary: true });
  await cache.put(request, response);
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - max; i++) await cache.delete(keys[i]);
}

const keepable = (res) => res && res.ok && res.status === 200 && res.type === 'basic';

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('slow network')), ms);
    promise.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}

/** Pages (and their data for in-app navigation): the network first, then the saved copy. */
async function page(event, url) {
  const { request } = event;
  const network = (async () => {
    const res = (await event.preloadResponse) || (await fetch(request));
    if (keepable(res) && !NOT_KEPT.test(url.pathname))
      event.waitUntil(keep(PAGES_CACHE, request, res.clone(), MAX_PAGES));
    return res;
  })();
  event.waitUntil(network.catch(() => undefined));
  try {
    return await withTimeout(network, NETWORK_WAIT_MS);
  } catch {
    const saved = await caches.match(request, { cacheName: PAGES_CACHE, ignoreVary: true });
    if (saved) return saved;
    // Still waiting on a slow network with nothing saved: keep waiting rather than give up.
    try {
      return await network;
    } catch {
      if (request.mode !== 'navigate') return Response.error();
      const offline = await caches.match(OFFLINE, {
        cacheName: SHELL_CACHE,
        ignoreVary: true,
        ignoreSearch: true,
      });
      if (!offline)
        return new Response('You are offline.', {
          status: 503,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
      if (url.pathname === OFFLINE) return offline;
      // Sent to the offline page's own address, so the page hydrates as itself; it offers the
      // page asked for again.
      return Response.redirect(
        `${OFFLINE}?from=${encodeURIComponent(url.pathname + url.search)}`,
        302,
      );
    }
  }
}

/** Built files (hashed names): the saved copy at once, refreshed in the background. */
async function asset(event) {
  const { request } = event;
  const saved =
    (await caches.match(request, { cacheName: SHELL_CACHE, ignoreVary: true })) ||
    (await caches.match(request, { cacheName: ASSETS_CACHE, ignoreVary: true }));
  const fresh = fetch(request).then(async (res) => {
    if (keepable(res)) await keep(ASSETS_CACHE, request, res.clone(), MAX_ASSETS);
    return res;
  });
  if (saved) {
    event.waitUntil(fresh.catch(() => undefined));
    return saved;
  }
  return fresh;
}

/** Pictures: their bytes never change under one URL, so a saved copy is served as it is. */
async function picture(event) {
  const { request } = event;
  const saved = await caches.match(request, { cacheName: PICTURES_CACHE, ignoreVary: true });
  if (saved) return saved;
  const res = await fetch(request);
  if (keepable(res)) event.waitUntil(keep(PICTURES_CACHE, request, res.clone(), MAX_PICTURES));
  return res;
}

/** Signing in or out changes whose pages these are: the saved ones and the outbox go. */
async function forgetUser() {
  await caches.delete(PAGES_CACHE);
  await outbox.clear();
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    if (/^\/(api\/)?auth\/(login|logout|register|dszauth)/.test(url.pathname))
      event.waitUntil(forgetUser());
    return;
  }
  if (url.pathname === '/sw.js' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate' || url.pathname.endsWith('.data'))
    return event.respondWith(page(event, url));
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname))
    return event.respondWith(asset(event));
  if (url.pathname.startsWith('/images/') || request.destination === 'image')
    return event.respondWith(picture(event));
});

// ---- The outbox: writes made without signal (a chat message, a broadcast request), kept in
// IndexedDB by the page (app/lib/outbox.ts, the same store) and sent here when the signal
// returns, even with the page closed (Background Sync).

const outbox = (() => {
  const DB = 'sf-outbox';
  const STORE = 'requests';
  const open = () =>
    new Promise((resolve, reject) => {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const run = async (mode, fn) => {
    const db = await open();
    try {
      return await new Promise((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const out = fn(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(out && 'result' in out ? out.result : undefined);
        tx.onerror = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  };
  return {
    all: () => run('readonly', (s) => s.getAll()),
    remove: (key) => run('readwrite', (s) => s.delete(key)),
    clear: () => run('readwrite', (s) => s.clear()),
    /** Marks an entry as being sent for a while, so the page and the worker never both send it. */
    claim: (key, ms) =>
      run('readwrite', (s) => {
        const get = s.get(key);
        const result = { result: false };
        get.onsuccess = () => {
          const e = get.result;
          if (!e || (e.sendingUntil && e.sendingUntil > Date.now())) return;
          e.sendingUntil = Date.now() + ms;
          s.put(e);
          result.result = true;
        };
        return result;
      }),
    release: (key) =>
      run('readwrite', (s) => {
        const get = s.get(key);
        get.onsuccess = () => get.result && s.put({ ...get.result, sendingUntil: 0 });
      }),
  };
})();

async function tellPages(message) {
  for (const c of await self.clients.matchAll({ includeUncontrolled: true, type: 'window' }))
    c.postMessage(message);
}

/** Sends every waiting write, oldest first; stops at the first that finds no network. */
async function drain() {
  const entries = (await outbox.all()).sort((a, b) => a.at - b.at);
  for (const e of entries) {
    if (!(await outbox.claim(e.key, 30_000))) continue;
    let res;
    try {
      // A same-origin request: the browser adds the session cookie and our Origin, as the
      // CSRF guard expects (apps/api/src/lib/csrf.ts).
      res = await fetch(e.url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(e.body),
      });
    } catch {
      await outbox.release(e.key);
      throw new Error('still offline'); // the browser tries the sync again later
    }
    const answer = await res.json().catch(() => ({}));
    if (res.status >= 500 || res.status === 429) {
      await outbox.release(e.key);
      throw new Error(`server answered ${res.status}`);
    }
    await outbox.remove(e.key);
    await tellPages({ type: 'sf-outbox', key: e.key, kind: e.kind, ok: res.ok, answer });
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === 'sf-outbox') event.waitUntil(drain());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'sf-outbox-drain') event.waitUntil(drain().catch(() => {}));
});

// ---- Web Push (docs/decisions/0027): a notice the server sent while no page was open.

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'SpareFinder NG';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-maskable-192.png',
      tag: data.tag || undefined,
      data: { link: typeof data.link === 'string' && data.link.startsWith('/') ? data.link : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/';
  event.waitUntil(
    (async () => {
      for (const c of await self.clients.matchAll({ type: 'window' })) {
        if ('focus' in c) {
          await c.focus();
          if ('navigate' in c) await c.navigate(link);
          return;
        }
      }
      await self.clients.openWindow(link);
    })(),
  );
});
