import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

// The coupon limits' SQL (limits.ts holds the rules). Built on the checkout's transaction when
// a use is taken, so the counts run under the coupon's row lock the use took.

export interface StoreOwnerRow {
  id: number;
  name: string;
  owner_user_id: string | null;
  owner_phone: string | null;
}

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export function couponLimitsRepository(db: Db) {
  return {
    /** The account's phone, or undefined when there is no such account. */
    accountPhone: async (userId: string): Promise<string | undefined> => {
      const [u] = await rows<{ phone: string }>(
        db,
        sql`select phone from users where id = ${userId}`,
      );
      return u?.phone;
    },

    /**
     * The coupon's uses not given back, by this account and by any of these phones (as account
     * or contact phone; already normalised).
     */
    countUses: async (
      couponId: number,
      userId: string,
      phones: string[],
    ): Promise<{ by_account: number; by_phone: number }> => {
      const inPhones = phones.length
        ? sql`(account_phone in (${list(phones)}) or contact_phone in (${list(phones)}))`
        : sql`false`;
      const [n] = await rows<{ by_account: number; by_phone: number }>(
        db,
        sql`select count(*) filter (where user_id = ${userId})::int as by_account,
          count(*) filter (where ${inPhones})::int as by_phone
        from coupon_redemptions
        where coupon_id = ${couponId} and released_at is null
          and (user_id = ${userId} or ${inPhones})`,
      );
      return n;
    },

    /** These stores with their owner and the owner's phone, by id. */
    storeOwners: (storeIds: number[]): Promise<StoreOwnerRow[]> =>
      rows<StoreOwnerRow>(
        db,
        sql`select st.id, st.name, st.owner_user_id, u.phone as owner_phone
        from stores st left join users u on u.id = st.owner_user_id
        where st.id in (${list(storeIds)}) order by st.id`,
      ),

    /** Records a use by a checkout, with its (normalised) phones. */
    insertUse: async (u: {
      couponId: number;
      checkoutId: string;
      userId: string;
      discountKobo: number;
      accountPhone: string | null;
      contactPhone: string | null;
    }): Promise<void> => {
      await db.execute(
        sql`insert into coupon_redemptions
          (coupon_id, checkout_id, user_id, discount_kobo, account_phone, contact_phone)
        values (${u.couponId}, ${u.checkoutId}, ${u.userId}, ${u.discountKobo},
          ${u.accountPhone}, ${u.contactPhone})`,
      );
    },
  };
}
