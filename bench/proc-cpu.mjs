// CPU time of local processes from Linux's /proc, for benches that report CPU per unit of work:
// on a 2-core machine shared by the servers, PostgreSQL and the load generator, what a request
// costs moves far less from run to run than how many a second get through.
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU ms of one process (all its threads), or 0 once it is gone. */
function cpuMsOf(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(after[11]) + Number(after[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The process and its descendants (a cluster primary and its workers), by /proc's parent links. */
function treeOf(root) {
  const parent = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(f.slice(f.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone between the listing and the read
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++)
    for (const [pid, ppid] of parent) if (ppid === out[i]) out.push(pid);
  return out;
}

/** CPU ms of `pid` and its descendants so far; null where /proc is not there. */
export function treeCpuMs(pid) {
  if (!fs.existsSync('/proc/self/stat')) return null;
  return treeOf(pid).reduce((a, p) => a + cpuMsOf(p), 0);
}

/**
 * CPU ms so far of the PostgreSQL backends serving database `name` (asked through `client`, a
 * connected pg client of that server); null when the server is not on this machine.
 */
export async function dbBackendsCpuMs(client, name) {
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  if (!rows.length || !fs.existsSync(`/proc/${rows[0].pid}/stat`)) return null;
  return rows.reduce((a, r) => a + cpuMsOf(r.pid), 0);
}
