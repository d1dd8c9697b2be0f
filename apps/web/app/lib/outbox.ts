/**
 * The outbox (docs/decisions/0028): writes made without signal wait in IndexedDB and are sent
 * when the signal returns, by the service worker on Background Sync (even with the page
 * closed) or by the page. The store and its entries are the worker's too (apps/web/sw/sw.js):
 * change both together.
 */
export interface OutboxEntry {
  /** Unique; a chat message's client key, so a repeated send is stored once (0017). */
  key: string;
  kind: 'chat' | 'request';
  /** A same-origin API path, POSTed as JSON. */
  url: string;
  body: unknown;
  at: number;
  /** Until when a sender (page or worker) holds it; 0 or absent: free. */
  sendingUntil?: number;
  /** Chat: 'support' or the thread id. */
  to?: 'support' | number;
}

const DB = 'sf-outbox';
const STORE = 'requests';
export const SYNC_TAG = 'sf-outbox';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => { result?: T } | IDBRequest<T> | void,
): Promise<T | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const out = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(out && 'result' in out ? (out.result as T) : undefined);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const outbox = {
  all: async () =>
    ((await run<OutboxEntry[]>('readonly', (s) => s.getAll())) ?? []).sort((a, b) => a.at - b.at),
  put: (e: OutboxEntry) => run('readwrite', (s) => void s.put(e)),
  remove: (key: string) => run('readwrite', (s) => void s.delete(key)),
  /** Takes an entry for `ms` so the page and the worker never send it at once. */
  claim: async (key: string, ms = 30_000) =>
    Boolean(
      await run<boolean>('readwrite', (s) => {
        const out = { result: false };
        const get = s.get(key);
        get.onsuccess = () => {
          const e = get.result as OutboxEntry | undefined;
          if (!e || (e.sendingUntil && e.sendingUntil > Date.now())) return;
          s.put({ ...e, sendingUntil: Date.now() + ms });
          out.result = true;
        };
        return out;
      }),
    ),
  release: (key: string) =>
    run('readwrite', (s) => {
      const get = s.get(key);
      get.onsuccess = () => get.result && s.put({ ...get.result, sendingUntil: 0 });
    }),
};

/**
 * Asks the service worker to send the outbox when the signal returns (Background Sync).
 * False where the browser has no Background Sync: the page then sends on `online` itself.
 */
export async function requestSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    if (!reg.sync) return false;
    await reg.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** What the worker reports for each entry it sent: the API's answer, ok or refused. */
export interface OutboxResult {
  type: 'sf-outbox';
  key: string;
  kind: OutboxEntry['kind'];
  ok: boolean;
  answer: { status?: boolean; message?: string; item?: unknown };
}

export function onOutboxResult(fn: (r: OutboxResult) => void) {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const h = (e: MessageEvent) => {
    if (e.data?.type === 'sf-outbox') fn(e.data as OutboxResult);
  };
  navigator.serviceWorker.addEventListener('message', h);
  return () => navigator.serviceWorker.removeEventListener('message', h);
}

export const OFFLINE_NOTE = "Will send when you're back online";
