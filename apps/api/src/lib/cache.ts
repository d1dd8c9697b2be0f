import { LRUCache } from 'lru-cache';
import { metrics } from './metrics.ts';

/**
 * The oldest a cached public list answer may be when given (the lists' own Cache-Control lets
 * any shared cache keep them 30 s): the stale time of list caches is what their TTL leaves of it.
 */
export const LIST_MAX_STALE_MS = 30_000;

/** What a memo may hold in all unless told otherwise: answers are counted by their JSON size. */
export const MEMO_MAX_BYTES = 32 * 1024 * 1024;

export interface MemoOptions {
  /** Names the cache in `sf_cache_requests_total` (docs/decisions/0025). */
  name?: string;
  /** The most its answers may weigh together, by their JSON size; least recently used go first. */
  maxBytes?: number;
}

/** An answer's weight: its JSON's length, once when it arrives (answers are read far more often). */
function weigh(v: unknown): number {
  try {
    return Math.max(1, Buffer.byteLength(JSON.stringify(v) ?? ''));
  } catch {
    return 1024;
  }
}

/**
 * Memoises an async function per argument for `ttlMs` (Infinity: for the life of the
 * process). Failures are not cached. For data that changes rarely: reference lookups,
 * the category tree, and (with `staleMs`) list answers.
 *
 * Bounded twice: at most `max` answers, and at most `maxBytes` by their JSON size. When either
 * is reached the least recently used answer goes, so a busy key is never dropped for an idle
 * one that merely came first.
 *
 * `staleMs`: for that long after its `ttlMs`, an answer is still given at once while one call
 * refreshes it in the background. Without it every key's expiry makes the requests of that
 * moment wait for the query (many keys filled together expire together, and a busy list's p99
 * was those waits). Each answer's TTL is also shortened by up to a quarter at random, so keys
 * filled together (a cleared cache refilling) refresh spread out, not in one burst of queries.
 * A `clear()` drops answers outright: what a writer cleared is never served stale, and a
 * refresh that began before the clear does not put its answer back.
 */
export function memo<A, R>(
  fn: (a: A) => Promise<R>,
  ttlMs = Infinity,
  max = 1000,
  staleMs = 0,
  opts: MemoOptions = {},
) {
  /** `at`: when the answer stops being fresh. */
  type Entry = { at: number; p: Promise<R>; refreshing?: boolean };
  const freshUntil = () => Date.now() + (staleMs > 0 ? ttlMs * (1 - Math.random() / 4) : ttlMs);
  const maxBytes = opts.maxBytes ?? MEMO_MAX_BYTES;
  // Keys of `undefined` (argument-less memos) are kept under a stand-in: the LRU refuses them.
  const NONE = Symbol('none');
  const k = (a: A) => (a === undefined ? NONE : a) as NonNullable<A> | typeof NONE;
  const cache = new LRUCache<NonNullable<A> | typeof NONE, Entry>({ max, maxSize: maxBytes });
  const count = (result: 'hit' | 'miss' | 'stale') =>
    opts.name && metrics.cacheRequests.inc({ cache: opts.name, result });
  let generation = 0;
  /** Stores an entry, then weighs it again once its answer is in. */
  const put = (a: A, e: Entry) => {
    cache.set(k(a), e, { size: 1 });
    e.p.then(
      (v) => {
        if (cache.peek(k(a)) !== e) return;
        const size = weigh(v);
        // The LRU keeps a value's first size when the same value is set again: put it anew.
        cache.delete(k(a));
        // One answer heavier than the whole cache is given but not kept.
        if (size <= maxBytes) cache.set(k(a), e, { size });
      },
      () => {},
    );
  };
  const refresh = (a: A, hit: Entry) => {
    hit.refreshing = true;
    const gen = generation;
    fn(a).then(
      (v) => {
        if (gen === generation && cache.peek(k(a)) === hit)
          put(a, { at: freshUntil(), p: Promise.resolve(v) });
      },
      // The stale answer stays until its time is up; the next request tries again.
      () => (hit.refreshing = false),
    );
  };
  const wrapped = (a: A) => {
    const hit = cache.get(k(a));
    const late = hit ? Date.now() - hit.at : Infinity;
    if (hit && late < 0) {
      count('hit');
      return hit.p;
    }
    if (hit && late < staleMs) {
      count('stale');
      if (!hit.refreshing) refresh(a, hit);
      return hit.p;
    }
    count('miss');
    const entry: Entry = { at: freshUntil(), p: undefined as unknown as Promise<R> };
    entry.p = fn(a).catch((e) => {
      if (cache.peek(k(a)) === entry) cache.delete(k(a));
      throw e;
    });
    put(a, entry);
    return entry.p;
  };
  wrapped.clear = () => {
    generation++;
    cache.clear();
  };
  /** What the cache holds now, in answers and (approximate) bytes. */
  wrapped.stats = () => ({ entries: cache.size, bytes: cache.calculatedSize });
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
