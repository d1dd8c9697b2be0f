// Constant-rate (open-loop) load, as wrk2 does it: request k is due at start + k/rate, whatever
// happened to the ones before, and its latency is counted from that due time. So a server that
// falls behind shows its queue in the figures instead of slowing the sender down.
//
// Why not autocannon's `overallRate`: each connection sends its whole per-second quota back to
// back at the top of every second, then idles, so "200 req/s" arrives as a burst of 200 and the
// p99 measures how long that burst takes to drain; and its latency correction assumes a 1 ms
// interval, adding invented samples. autocannon stays in use for the max-throughput runs.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';

const pct = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : NaN;
const round = (x) => Math.round(x * 100) / 100;

// BENCH_SLOW_LOG=file: each counted request slower than 15 ms, as "due time (ms since 1970)
// latency path", to line up a tail with a server's GC trace (BENCH_SERVER_STDOUT in run.mjs) or
// with what else ran on the machine at the time.
const slowLog = process.env.BENCH_SLOW_LOG;
const logSlow = (latency, path) => {
  if (slowLog && latency > 15)
    fs.appendFileSync(
      slowLog,
      `${Math.round(Date.now() - latency)} ${Math.round(latency)} ${path}\n`,
    );
};

/**
 * Sends GET requests to `paths` (cycled) on `base` at `rate` per second for `duration` seconds.
 * Resolves to { reqPerSec, p50, p95, p99, max, errors, samples } with latencies in ms.
 * `warmup` seconds at the same rate go first and are not counted: the sender opens its
 * connections then (over TLS, dozens of handshakes in the first second would otherwise be the
 * p99 of a short run, a cost of the bench, not of the servers).
 */
export function constantRate({
  base,
  paths,
  rate,
  duration = 10,
  warmup = 0,
  headers = {},
  maxSockets = 64,
}) {
  const url = new URL(base);
  // https: nginx in front of the servers (bench/scale.mjs), with the bench's own certificate.
  const client = url.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets, rejectUnauthorized: false });
  const times = [];
  let errors = 0;
  let sent = 0;
  let done = 0;
  const skipped = Math.round(rate * warmup);
  const total = skipped + Math.round(rate * duration);
  const start = performance.now();
  const interval = 1000 / rate;
  const measuredFrom = start + skipped * interval;

  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      times.sort((a, b) => a - b);
      const elapsed = (performance.now() - (warmup ? measuredFrom : start)) / 1000;
      resolve({
        reqPerSec: Math.round((done - skipped) / elapsed),
        p50: round(pct(times, 50)),
        p95: round(pct(times, 95)),
        p99: round(pct(times, 99)),
        max: round(times[times.length - 1] ?? NaN),
        errors,
        samples: times.length,
      });
    };
    const fire = (due, path, counted) => {
      const req = client.request(
        { host: url.hostname, port: url.port, path, agent, headers },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (counted && res.statusCode >= 400) errors++;
            if (counted) times.push(performance.now() - due);
            if (counted) logSlow(performance.now() - due, path);
            if (++done === total) finish();
          });
        },
      );
      req.on('error', () => {
        if (counted) errors++;
        if (++done === total) finish();
      });
      req.end();
    };
    const tick = () => {
      const now = performance.now();
      // Everything due by now goes out now; the next tick is set for the next due time.
      while (sent < total && start + sent * interval <= now) {
        fire(start + sent * interval, paths[sent % paths.length], sent >= skipped);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
}
