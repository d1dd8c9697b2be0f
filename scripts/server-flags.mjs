// Node/V8 flags and environment for every process that serves the site: `npm start`
// (scripts/start.mjs), the systemd unit (deploy/sparefinder.service repeats them), the
// cross-machine test and the benches (apps/api/src/machines/harness.ts). Forked workers (WEB_CONCURRENCY)
// inherit them from the primary. Measured with the soak (bench/README.md): a server's live heap
// is about 80 MB, yet with V8's defaults its old space grew to 150-210 MB of mostly garbage in
// the first minute of traffic before the first full collection, and the pages V8 had committed
// meanwhile stayed resident: 358-445 MB RSS in minute 1 against a 300 MB budget.
export const SERVER_NODE_FLAGS = [
  // V8 scales how far the old space may grow between full collections with this limit: with the
  // default (several GB) it reached 2-3x the live heap first; with 512 MB it collects at a
  // smaller multiple, and old space stays near 100 MB (minute 1: 290 MB RSS with this and the
  // next flag alone). 512 MB is still six times the live heap; a process that needs more is
  // broken anyway, and systemd or the cluster primary starts a new one.
  '--max-old-space-size=512',
  // Young generation: 2 x 8 MB semi-spaces instead of 2 x 16 MB. Request garbage dies young
  // either way; the scavenges are twice as frequent and as short (no change in p50 measured).
  '--max-semi-space-size=8',
  // A full collection is due when the old space reaches its live size times a factor V8 picks
  // (about 1.4 here). A page's objects that outlive two young collections are promoted, so under
  // load the old space grew by about 25 MB a second and a full collection came every 0.7 s in
  // each process, its marking steps holding up a page in flight by 20-45 ms each time: most of
  // the fresh product page's p99. With 2.5 the live heap (55 MB) may reach about 140 MB first: one
  // every 2-3 s, and the page's p95 at 100 req/s went from 26-32 ms to 10-14 ms (bench/README.md).
  '--heap-growing-percent=150',
  // One V8 helper thread a process (Node's default is four): the processes already take a core
  // each (WEB_CONCURRENCY=auto), and each full collection's parallel marking on four threads took
  // both cores of a 2-core machine for 40-60 ms, from the other process and PostgreSQL too: every
  // cluster of slow pages sat on one (a GC observer beside the request times). The fresh product
  // page's p99 at 100 req/s: 33-38 ms with four, 22-52 with two, 15-26 with one (bench/README.md).
  '--v8-pool-size=1',
];

/** Environment for the same processes (the unit sets it with Environment=). */
export const SERVER_ENV = {
  // glibc gives each thread that allocates its own malloc arena (up to 8 per core), and an arena
  // keeps what it freed for reuse. Node's threads (libuv's pool, V8's compiler and GC helpers)
  // then held 40-50 MB in arenas of their own after a burst: soak RSS 280-300 MB with the flags
  // above, 230-255 MB with two arenas. Those threads allocate little and rarely at once, so
  // sharing two arenas costs no measurable speed.
  MALLOC_ARENA_MAX: '2',
};
