import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export interface PushSubscriptionRow {
  id: number;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A user's browsers past this many lose the oldest (a phone reinstalled leaves a dead one). */
export const PUSH_DEVICES_MAX = 10;

const idList = (ids: string[]) =>
  sql.join(
    ids.map((i) => sql`${i}::uuid`),
    sql`, `,
  );

export function pushRepository(db: Db) {
  return {
    /**
     * Stores a browser's subscription for a user: a known endpoint moves to this user with its
     * new keys. In `tx`, with the user's row locked, so the cap holds however many arrive at once.
     */
    async save(userId: string, s: { endpoint: string; p256dh: string; auth: string }) {
      await db.execute(sql`select id from users where id = ${userId} for update`);
      await db.execute(
        sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
          values (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
          on conflict (endpoint) do update
            set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
                created_at = now()`,
      );
      await db.execute(
        sql`delete from push_subscriptions where user_id = ${userId} and id not in (
            select id from push_subscriptions where user_id = ${userId}
            order by created_at desc, id desc limit ${PUSH_DEVICES_MAX})`,
      );
    },
    remove: async (userId: string, endpoint: string) =>
      (
        await rows<{ id: number }>(
          db,
          sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}
            returning id`,
        )
      ).length > 0,
    /** The push service said this endpoint is gone: forget it (whoever it belonged to). */
    forget: (id: number, endpoint: string) =>
      db.execute(sql`delete from push_subscriptions where id = ${id} and endpoint = ${endpoint}`),
    find: async (id: number) =>
      (
        await rows<PushSubscriptionRow>(
          db,
          sql`select id, user_id, endpoint, p256dh, auth from push_subscriptions where id = ${id}`,
        )
      )[0],
    ofUsers: (userIds: string[]) =>
      userIds.length === 0
        ? Promise.resolve([] as { id: number; user_id: string }[])
        : rows<{ id: number; user_id: string }>(
            db,
            sql`select id, user_id from push_subscriptions where user_id in (${idList(userIds)})`,
          ),
    count: async (userId: string) =>
      Number(
        (
          await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from push_subscriptions where user_id = ${userId}`,
          )
        )[0]?.n ?? 0,
      ),
  };
}
