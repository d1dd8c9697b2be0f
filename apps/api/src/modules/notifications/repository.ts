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
  /** Who of these users gets e-mail copies (not opted out), with their address. */
  mailable: (userIds: string[], tx: Db = db) =>
    userIds.length === 0
      ? Promise.resolve([] as { id: string; email: string }[])
      : rows<{ id: string; email: string }>(
          tx,
          sql`select u.id, u.email from users u
              where u.id in (${idList(userIds)}) and u.email is not null
                and not exists (select 1 from notification_settings s
                                where s.user_id = u.id and not s.email)`,
        ),
  /** Who of these users turned SMS copies on, with their number (decision 0027). */
  textable: (userIds: string[], tx: Db = db) =>
    userIds.length === 0
      ? Promise.resolve([] as { id: string; phone: string }[])
      : rows<{ id: string; phone: string }>(
          tx,
          sql`select u.id, u.phone from users u
              join notification_settings s on s.user_id = u.id and s.sms
              where u.id in (${idList(userIds)})`,
        ),
  smsOn: async (userId: string) =>
    (
      await rows<{ sms: boolean }>(
        db,
        sql`select sms from notification_settings where user_id = ${userId}`,
      )
    )[0]?.sms ?? false,
  setSms: (userId: string, on: boolean) =>
    db.execute(
      sql`insert into notification_settings (user_id, sms) values (${userId}, ${on})
          on conflict (user_id) do update set sms = excluded.sms`,
    ),
  emailOn: async (userId: string) =>
    (
      await rows<{ email: boolean }>(
        db,
        sql`select email from notification_settings where user_id = ${userId}`,
      )
    )[0]?.email ?? true,
  setEmail: (userId: string, on: boolean) =>
    db.execute(
      sql`insert into notification_settings (user_id, email) values (${userId}, ${on})
          on conflict (user_id) do update set email = excluded.email`,
    ),
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
