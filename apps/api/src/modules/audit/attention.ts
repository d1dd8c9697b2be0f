import type { Db } from '@sf/db';

/**
 * What is waiting for staff. A module declares each count once, at import time (like a job),
 * and the admin layout shows every count above zero with a link to where the work is done.
 * Each count should be one indexed query: the layout asks on every admin page.
 */
export interface Attention {
  key: string;
  label: string;
  /** An admin page that lists exactly what is counted. */
  href: string;
  count: (db: Db) => Promise<number>;
}

const registry = new Map<string, Attention>();

export function defineAttention(a: Attention) {
  registry.set(a.key, a);
}

export async function attentionCounts(db: Db) {
  const list = [...registry.values()];
  const counts = await Promise.all(list.map((a) => a.count(db)));
  return list.map((a, i) => ({ key: a.key, label: a.label, href: a.href, count: counts[i] }));
}
