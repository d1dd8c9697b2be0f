/**
 * The oldest a cached public list answer may be when given (the lists' own Cache-Control lets
 * any shared cache keep them 30 s): the stale time of list caches is what their TTL leaves of it.
 */
export const LIST_MAX_STALE_MS = 30_000;

/**
 * Memoises an async function per argument for `ttlMs` (Infinity: for the life of the
 * process). Failures are not cached. For data that changes rarely: reference lookups,
 * the category tree, and (with `staleMs`) list answers.
 *
 * `staleMs`: for that long after its `ttlMs`, an answer is still given at once while one call
 * refreshes it in the background. Without it every key's expiry makes the requests of that
 * moment wait for the query (many keys filled together expire together, and a busy list's p99
 * was those waits). Each answer's TTL is also shortened by up to a quarter at random, so keys
 * filled together (a cleared cache refilling) refresh spread out, not in one burst of queries.
 * A `clear()` drops answers outright: what a writer cleared is never served stale, and a
 * refresh that began before the clear does not put its answer back.
 */
export function memo<A, R>(fn: (a: A) => Promise<R>, ttlMs = Infinity, max = 1000, staleMs = 0) {
  /** `at`: when the answer stops being fresh. */
  type Entry = { at: number; p: Promise<R>; refreshing?: boolean };
  const freshUntil = () => Date.now() + (staleMs > 0 ? ttlMs * (1 - Math.random() / 4) : ttlMs);
  const cache = new Map<A, Entry>();
  let generation = 0;
  const put = (a: A, e: Entry) => {
    if (!cache.has(a) && cache.size >= max) cache.delete(cache.keys().next().value as A);
    cache.set(a, e);
  };
  const refresh = (a: A, hit: Entry) => {
    hit.refreshing = true;
    const gen = generation;
    fn(a).then(
      (v) => {
        if (gen === generation && cache.get(a) === hit)
          cache.set(a, { at: freshUntil(), p: Promise.resolve(v) });
      },
      // The stale answer stays until its time is up; the next request tries again.
      () => (hit.refreshing = false),
    );
  };
  const wrapped = (a: A) => {
    const hit = cache.get(a);
    const late = hit ? Date.now() - hit.at : Infinity;
    if (hit && late < 0) return hit.p;
    if (hit && late < staleMs) {
      if (!hit.refreshing) refresh(a, hit);
      return hit.p;
    }
    const entry: Entry = { at: freshUntil(), p: undefined as unknown as Promise<R> };
    entry.p = fn(a).catch((e) => {
      if (cache.get(a) === entry) cache.delete(a);
      throw e;
    });
    put(a, entry);
    return entry.p;
  };
  wrapped.clear = () => {
    generation++;
    cache.clear();
  };
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
