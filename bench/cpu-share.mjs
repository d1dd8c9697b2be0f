// A CPU share per app server, as if each ran on a machine of its own: a Linux cgroup with a
// CPU quota (cgroup v2 `cpu.max`, or v1 `cpu.cfs_quota_us`), which the kernel enforces on every
// thread of the process. On a small machine, where nginx, PostgreSQL and the load generator
// share the cores with the servers, this is what lets a bench compare one server with two at
// the same CPU per server; without it the second server only takes CPU from the first's
// neighbours. Needs root and a writable cgroup tree; `cpuShare()` returns null otherwise.
import fs from 'node:fs';
import path from 'node:path';

const V2 = '/sys/fs/cgroup';
const V1 = '/sys/fs/cgroup/cpu';
// A short period: a server that spends its quota early waits at most this long for the next,
// instead of the default 100 ms, which would show as throttling stalls in the p99.
const PERIOD_US = 20_000;

function writable(dir) {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Which cgroup tree takes CPU quotas here, if any. */
function tree() {
  const controllers = path.join(V2, 'cgroup.controllers');
  if (fs.existsSync(controllers) && /\bcpu\b/.test(fs.readFileSync(controllers, 'utf8')))
    return writable(V2) ? { version: 2, root: V2 } : null;
  if (fs.existsSync(path.join(V1, 'cpu.cfs_quota_us')) && writable(V1))
    return { version: 1, root: V1 };
  return null;
}

/**
 * Puts process `pid` (all its threads, and any it starts later) under a quota of `cores` CPUs.
 * Returns { remove() } to undo it once the process has ended, or null where cgroups are not
 * available (the caller then runs without a cap and says so).
 */
export function cpuShare(name, pid, cores) {
  const t = tree();
  if (!t) return null;
  const dir = path.join(t.root, `sf-bench-${name}-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const quota = Math.round(cores * PERIOD_US);
    if (t.version === 2) fs.writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    else {
      fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    }
    fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  } catch (e) {
    console.warn(`no CPU share for ${name}: ${e.message}`);
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    /** How often, and for how long in all, the kernel held the process back for its quota. */
    throttled() {
      const stat = fs.readFileSync(path.join(dir, 'cpu.stat'), 'utf8');
      const n = (k) => Number(new RegExp(`^${k} (\\d+)`, 'm').exec(stat)?.[1] ?? 0);
      return t.version === 2
        ? { periods: n('nr_throttled'), ms: n('throttled_usec') / 1000 }
        : { periods: n('nr_throttled'), ms: n('throttled_time') / 1e6 };
    },
    remove() {
      // A cgroup is removed with rmdir once its processes have gone (to the parent, here).
      try {
        fs.writeFileSync(path.join(t.root, 'cgroup.procs'), String(pid));
      } catch {
        // the process has ended
      }
      try {
        fs.rmdirSync(dir);
      } catch (e) {
        console.warn(`cgroup ${dir} left behind: ${e.message}`);
      }
    },
  };
}
