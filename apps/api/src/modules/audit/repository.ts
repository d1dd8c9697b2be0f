import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export interface AuditRow {
  id: number;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  note: string | null;
  created_at: Date | string;
}

export interface AuditEntry {
  /** The admin who acted (`req.user.id`); null for the system itself. */
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
}

export interface AuditFilter {
  targetType?: string;
  targetId?: string;
  actorId?: string;
  action?: string;
  lastId?: number;
  limit: number;
}

const json = (v: unknown) => (v == null ? sql`null` : sql`${JSON.stringify(v)}::jsonb`);

export function auditRepository(db: Db) {
  return {
    /** The actor's e-mail is copied into the entry, so the trail reads the same after the account goes. */
    insert: (e: AuditEntry) =>
      db.execute(
        sql`insert into audit_log (actor_id, actor_email, action, target_type, target_id, before, after, note)
          values (${e.actorId}::uuid,
                  coalesce((select coalesce(email, phone) from users where id = ${e.actorId}::uuid), 'system'),
                  ${e.action}, ${e.targetType}, ${String(e.targetId)},
                  ${json(e.before)}, ${json(e.after)}, ${e.note ?? null})`,
      ),
    list: (f: AuditFilter) => {
      const where: SQL[] = [];
      if (f.targetType) where.push(sql`target_type = ${f.targetType}`);
      if (f.targetId) where.push(sql`target_id = ${f.targetId}`);
      if (f.actorId) where.push(sql`actor_id = ${f.actorId}::uuid`);
      if (f.action) where.push(sql`action = ${f.action}`);
      if (f.lastId) where.push(sql`id < ${f.lastId}`);
      const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      return rows<AuditRow>(
        db,
        sql`select id, actor_id, actor_email, action, target_type, target_id, before, after, note, created_at
          from audit_log ${clause} order by id desc limit ${f.limit}`,
      );
    },
  };
}
