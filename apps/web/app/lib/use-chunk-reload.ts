import { RELOAD_GUARD_MS } from '@sf/shared/constants';

const KEY = 'sf:chunk-reload-at';

/** After a deploy old chunks vanish: reload once, but never more than once per 10 s. */
export function reloadForStaleChunk(
  now = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

export function isChunkLoadError(err: unknown): boolean {
  const m = err instanceof Error ? err.message : String(err ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    m,
  );
}

export function installChunkReload() {
  window.addEventListener('vite:preloadError', (e) => {
    e.preventDefault();
    reloadForStaleChunk();
  });
}
