import { desc, eq, sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';

export type CouponRow = typeof s.coupons.$inferSelect;

/** The coupons' SQL: no rules (those are in service.ts). */
export const couponsRepository = (db: Db) => ({
  /** The coupon of this code, as stored (upper case). */
  find: async (code: string): Promise<CouponRow | undefined> =>
    (await db.select().from(s.coupons).where(eq(s.coupons.code, code)))[0],

  /**
   * Takes one use in one conditional update (the row lock queues concurrent uses); false when
   * the coupon is off, expired or used up.
   */
  redeem: async (couponId: number): Promise<boolean> =>
    (
      await rows<{ id: number }>(
        db,
        sql`update coupons set used_count = used_count + 1
          where id = ${couponId} and active
            and (usage_limit is null or used_count < usage_limit)
            and (expires_at is null or expires_at > now())
          returning id`,
      )
    ).length > 0,

  /** Every coupon (no store given), the platform's (null) or one store's, newest first. */
  list: (storeId?: number | null): Promise<CouponRow[]> => {
    const q = db.select().from(s.coupons);
    return (
      storeId === undefined
        ? q
        : q.where(storeId === null ? sql`store_id is null` : eq(s.coupons.storeId, storeId))
    ).orderBy(desc(s.coupons.id));
  },

  /** The coupon of this id, locked for update until the transaction (`db`) ends. */
  lock: async (id: number): Promise<CouponRow | undefined> =>
    (await db.select().from(s.coupons).where(eq(s.coupons.id, id)).for('update'))[0],

  /** Writes the given fields of a coupon; its row after. */
  update: async (id: number, set: Partial<typeof s.coupons.$inferInsert>): Promise<CouponRow> =>
    (await db.update(s.coupons).set(set).where(eq(s.coupons.id, id)).returning())[0],

  /** The new coupon; undefined when its code exists already. */
  insert: async (values: typeof s.coupons.$inferInsert): Promise<CouponRow | undefined> =>
    (await db.insert(s.coupons).values(values).onConflictDoNothing().returning())[0],

  /** Turns a coupon on or off (only one of this store's, given a store); undefined if none. */
  setActive: async (
    id: number,
    active: boolean,
    storeId?: number,
  ): Promise<CouponRow | undefined> =>
    (
      await db
        .update(s.coupons)
        .set({ active })
        .where(
          storeId === undefined
            ? eq(s.coupons.id, id)
            : sql`${s.coupons.id} = ${id} and ${s.coupons.storeId} = ${storeId}`,
        )
        .returning()
    )[0],
});
