import type { Db } from '@sf/db';
import { auditRepository, type AuditEntry, type AuditFilter, type AuditRow } from './repository.ts';
import type { AuditItem } from './types.ts';
import { iso } from '../../lib/time.ts';

export type { AuditEntry } from './repository.ts';

/**
 * Records one admin action. Call it with the transaction that makes the change, so the change
 * and its entry are written together or not at all. `before`/`after` hold only changed fields.
 */
export function recordAudit(tx: Db, entry: AuditEntry) {
  return auditRepository(tx).insert(entry);
}

/** Of two records, the fields whose values differ, as `{ before, after }` for `recordAudit`. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined || JSON.stringify(before[k]) === JSON.stringify(v)) continue;
    b[k] = before[k] ?? null;
    a[k] = v;
  }
  return { before: b, after: a };
}

const plain = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

const toItem = (r: AuditRow): AuditItem => ({
  id: r.id,
  actorId: r.actor_id,
  actorEmail: r.actor_email,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  before: plain(r.before),
  after: plain(r.after),
  note: r.note,
  createdAt: iso(r.created_at),
});

export const PAGE = 50;

/** Staff's view of the log, newest first. */
export function auditService(db: Db) {
  return {
    async list(f: Omit<AuditFilter, 'limit'>) {
      const list = await auditRepository(db).list({ ...f, limit: PAGE });
      return {
        status: true as const,
        items: list.map(toItem),
        lastId: list.length === PAGE ? list[list.length - 1].id : null,
      };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
