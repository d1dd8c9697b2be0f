/**
 * Memoises an async function per argument for `ttlMs` (Infinity: for the life of the
 * process). Failures are not cached. For data that changes rarely: reference lookups,
 * the category tree.
 */
export function memo<A, R>(fn: (a: A) => Promise<R>, ttlMs = Infinity, max = 1000) {
  const cache = new Map<A, { at: number; p: Promise<R> }>();
  const wrapped = (a: A) => {
    const hit = cache.get(a);
    if (hit && Date.now() - hit.at < ttlMs) return hit.p;
    const p = fn(a).catch((e) => {
      cache.delete(a);
      throw e;
    });
    if (cache.size >= max) cache.delete(cache.keys().next().value as A);
    cache.set(a, { at: Date.now(), p });
    return p;
  };
  wrapped.clear = () => cache.clear();
  return wrapped;
}

/**
 * The caches of one kind of list, per database: every service instance built on that database
 * registers its cache, and a writer's clear reaches all of them (the list routes and the home
 * search each hold one). `relay` adds what else a clear does: the routes publish it on the bus,
 * so the processes of every machine drop their copies too, and they clear with `clearHere`.
 */
export function cacheRegistry<K extends object>() {
  const byKey = new WeakMap<K, Set<{ clear(): void }>>();
  const relays = new WeakMap<K, Set<() => void>>();
  const clearHere = (key: K) => byKey.get(key)?.forEach((c) => c.clear());
  return {
    add(key: K, cache: { clear(): void }) {
      let set = byKey.get(key);
      if (!set) byKey.set(key, (set = new Set()));
      set.add(cache);
    },
    /** Runs `fn` on every clear of `key`; returns the function that stops it. */
    relay(key: K, fn: () => void) {
      let set = relays.get(key);
      if (!set) relays.set(key, (set = new Set()));
      set.add(fn);
      return () => void set.delete(fn);
    },
    clear: (key: K) => {
      clearHere(key);
      relays.get(key)?.forEach((fn) => fn());
    },
    clearHere,
  };
}
