import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export interface NotificationRow {
  id: number;
  type: string;
  title: string;
  link: string;
  read_at: Date | string | null;
  created_at: Date | string;
}

export interface NewNotification {
  userId: string;
  type: string;
  title: string;
  link: string;
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((i) => sql`${i}::uuid`),
    sql`, `,
  );

export const notificationsRepository = (db: Db) => ({
  insert: async (list: NewNotification[], tx: Db = db) => {
    if (list.length === 0) return;
    await tx.execute(
      sql`insert into notifications (user_id, type, title, link) values ${sql.join(
        list.map((n) => sql`(${n.userId}::uuid, ${n.type}, ${n.title}, ${n.link})`),
        sql`, `,
      )}`,
    );
  },
  latest: (userId: string) =>
    rows<NotificationRow>(
      db,
      sql`select id, type, title, link, read_at, created_at from notifications
          where user_id = ${userId} order by id desc limit 30`,
    ),
  unread: async (userIds: string[]) => {
    const out = new Map(userIds.map((u) => [u, 0]));
    if (userIds.length === 0) return out;
    const r = await rows<{ user_id: string; n: number }>(
      db,
      sql`select user_id, count(*)::int as n from notifications
          where user_id in (${idList(userIds)}) and read_at is null group by user_id`,
    );
    for (const x of r) out.set(x.user_id, Number(x.n));
    return out;
  },
  markRead: (userId: string) =>
    db.execute(
      sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`,
    ),
});
