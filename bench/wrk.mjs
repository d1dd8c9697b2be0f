// Flat-out load with wrk (Debian's `wrk`), where it is installed: a C load generator spends a
// small share of the CPU that autocannon (Node, one core for itself at 50 connections) spends,
// so on a small machine the app servers, not the load generator, take the cores.
import { spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The Accept-Encoding the benches send, as Chrome on Android does (BENCH_ACCEPT_ENCODING; empty:
 * none, every answer uncompressed): the servers' and nginx's work per request depends on it.
 */
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';

/** Whether wrk is on the PATH. */
export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

/**
 * `paths` requested in turn against `base` for `seconds` over `connections` connections (one
 * wrk thread): flat out, or at `rate` requests per second (bench/wrk-rate.lua). Resolves to
 * requests per second, p50, p99 and max in ms, errors (connection and non-2xx), and at a rate
 * how many requests went out over 5 ms late because every connection was busy (their wait is
 * not in the latencies).
 */
export function wrk(
  base,
  paths,
  { seconds = 10, connections = 50, rate = 0, acceptEncoding = ACCEPT_ENCODING } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-wrk-'));
  const list = path.join(dir, 'paths.txt');
  fs.writeFileSync(list, paths.join('\n') + '\n');
  const script = rate ? 'wrk-rate.lua' : 'wrk-paths.lua';
  try {
    const out = execFileSync(
      'wrk',
      [
        '-t1',
        `-c${connections}`,
        `-d${seconds}s`,
        '--timeout',
        '10s',
        '-s',
        path.join(import.meta.dirname, script),
        base,
      ],
      {
        env: {
          ...process.env,
          WRK_PATHS: list,
          WRK_RATE: String(rate),
          WRK_ACCEPT_ENCODING: acceptEncoding,
        },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      },
    );
    const line = out.split('\n').find((l) => l.startsWith('WRK_RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${out}`);
    const r = JSON.parse(line.slice('WRK_RESULT '.length));
    const ms = (us) => Math.round(us / 10) / 100;
    return {
      reqPerSec: Math.round(r.requests / (r.durationUs / 1e6)),
      p50: ms(r.p50Us),
      p99: ms(r.p99Us),
      ...(r.maxUs !== undefined ? { max: ms(r.maxUs) } : {}),
      errors: r.errors + r.non2xx,
      ...(rate ? { late: r.late, lateMaxMs: r.lateMaxMs } : {}),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU seconds (user + system) a process has used so far (Linux). */
export function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at ") ".
  const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** CPU seconds the whole machine spent busy so far (all cores; /proc/stat). */
export function machineBusySeconds() {
  const f = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idle = f[3] + f[4];
  return (f.reduce((a, b) => a + b, 0) - idle) / 100;
}

/**
 * CPU seconds each command name (nginx, postgres, redis-server, wrk, node…) has used so far,
 * summed over its processes: the difference of two readings says where a run's CPU went.
 */
export function cpuByCommand() {
  const out = {};
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    out[name] = (out[name] ?? 0) + (Number(f[11]) + Number(f[12])) / 100;
  }
  return out;
}

/** Where CPU went between two cpuByCommand() readings: the busiest names, in seconds. */
export function cpuSpent(before, after, top = 6) {
  return Object.fromEntries(
    Object.entries(after)
      .map(([name, s]) => [name, Math.round((s - (before[name] ?? 0)) * 10) / 10])
      .filter(([, s]) => s >= 0.1)
      .sort((x, y) => y[1] - x[1])
      .slice(0, top),
  );
}
