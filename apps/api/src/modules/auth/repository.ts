import { and, count, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import { normalisePhone } from '@sf/shared';
import { rows, schema as s, type Db } from '@sf/db';
import { forgetUserSessions } from '../../lib/session.ts';

export type UserRow = typeof s.users.$inferSelect;

export function authRepository(db: Db) {
  return {
    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [u] = await db.select().from(s.users).where(eq(s.users.email, email));
      return u;
    },
    async userByPhone(phone: string): Promise<UserRow | undefined> {
      const [u] = await db.select().from(s.users).where(eq(s.users.phone, phone));
      return u;
    },
    async userById(id: string): Promise<UserRow | undefined> {
      const [u] = await db.select().from(s.users).where(eq(s.users.id, id));
      return u;
    },
    /** undefined when the e-mail or the phone is taken (unique indexes decide, race-free). */
    async insertUser(v: typeof s.users.$inferInsert): Promise<UserRow | undefined> {
      const [u] = await db.insert(s.users).values(v).onConflictDoNothing().returning();
      return u;
    },
    async updateUser(
      id: string,
      v: Partial<typeof s.users.$inferInsert>,
    ): Promise<UserRow | undefined> {
      // Name, phone or e-mail may change: cached sessions must not show the old ones.
      await forgetUserSessions(db, id);
      const [u] = await db
        .update(s.users)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(s.users.id, id))
        .returning();
      return u;
    },
    async logAttempt(v: typeof s.loginAttempts.$inferInsert) {
      await db.insert(s.loginAttempts).values(v);
    },
    /** Did this account sign in from this address since `since`? */
    async signedInFrom(email: string, ip: string, since: Date): Promise<boolean> {
      const [r] = await db
        .select({ at: s.loginAttempts.createdAt })
        .from(s.loginAttempts)
        .where(
          and(
            eq(s.loginAttempts.email, email),
            eq(s.loginAttempts.ip, ip),
            eq(s.loginAttempts.success, true),
            gt(s.loginAttempts.createdAt, since),
          ),
        )
        .limit(1);
      return Boolean(r);
    },
    async insertResetToken(v: typeof s.passwordResetTokens.$inferInsert) {
      await db.insert(s.passwordResetTokens).values(v);
    },
    /** Marks the token used if it is unused and unexpired; one caller wins (single use). */
    async consumeResetToken(id: string): Promise<string | undefined> {
      const [r] = await db
        .update(s.passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(s.passwordResetTokens.id, id),
            isNull(s.passwordResetTokens.usedAt),
            gt(s.passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: s.passwordResetTokens.userId });
      return r?.userId;
    },
    async retireResetTokens(userId: string) {
      await db
        .update(s.passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(s.passwordResetTokens.userId, userId), isNull(s.passwordResetTokens.usedAt)));
    },
    /** `q`: part of an e-mail, a phone number (any usual spelling) or a name. */
    async listUsers(opts: { role?: string; q?: string; limit: number }) {
      const like = opts.q ? `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const phone = opts.q ? normalisePhone(opts.q) : undefined;
      const where = and(
        opts.role ? eq(s.users.role, opts.role) : undefined,
        like
          ? or(
              ilike(s.users.email, like),
              ilike(s.users.name, like),
              ilike(s.users.phone, phone ? `%${phone.slice(-10)}%` : like),
            )
          : undefined,
      );
      const items = await db
        .select({
          id: s.users.id,
          name: s.users.name,
          email: s.users.email,
          phone: s.users.phone,
          role: s.users.role,
          businessName: s.users.businessName,
          createdAt: s.users.createdAt,
          lockedAt: s.users.lockedAt,
        })
        .from(s.users)
        .where(where)
        .orderBy(desc(s.users.createdAt), s.users.email)
        .limit(opts.limit);
      const counts = await db
        .select({ role: s.users.role, n: count() })
        .from(s.users)
        .groupBy(s.users.role);
      return {
        items,
        counts: Object.fromEntries(counts.map((c) => [c.role, Number(c.n)])) as Record<
          string,
          number
        >,
      };
    },
    /**
     * Stores a new sign-in code for the number (its hash only) and retires the number's earlier
     * codes: one code at a time per number, so 5 tries mean 5 tries.
     */
    async newPhoneCode(v: { id: string; phone: string; codeHash: string; expiresAt: Date }) {
      await db
        .update(s.phoneCodes)
        .set({ expiresAt: new Date() })
        .where(
          and(
            eq(s.phoneCodes.phone, v.phone),
            isNull(s.phoneCodes.usedAt),
            gt(s.phoneCodes.expiresAt, new Date()),
          ),
        );
      await db.insert(s.phoneCodes).values(v);
    },
    /**
     * Counts one try of the number's newest live code and hands it back, or nothing when there
     * is none or its tries are spent. One statement: simultaneous tries queue on the row, and
     * each re-checks the count after the one before, so at most `maxTries` are ever counted.
     */
    async tryPhoneCode(phone: string, maxTries: number) {
      const [r] = await rows<{ id: string; code_hash: string; attempts: number }>(
        db,
        sql`update phone_codes set attempts = attempts + 1
            where id = (select id from phone_codes
                        where phone = ${phone} and used_at is null and expires_at > now()
                        order by created_at desc limit 1)
              and attempts < ${maxTries} and used_at is null and expires_at > now()
            returning id, code_hash, attempts`,
      );
      return r ? { id: r.id, codeHash: r.code_hash, attempts: Number(r.attempts) } : undefined;
    },
    /** Marks a code used if it still works; one caller wins (a code signs in once). */
    async usePhoneCode(id: string): Promise<boolean> {
      const r = await db
        .update(s.phoneCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(s.phoneCodes.id, id),
            isNull(s.phoneCodes.usedAt),
            gt(s.phoneCodes.expiresAt, new Date()),
          ),
        )
        .returning({ id: s.phoneCodes.id });
      return r.length > 0;
    },
    /** Has this account signed in on this browser (its device cookie's hash) before? */
    async knownDevice(userId: string, deviceHash: string): Promise<boolean> {
      const [r] = await db
        .select({ at: s.userDevices.createdAt })
        .from(s.userDevices)
        .where(and(eq(s.userDevices.userId, userId), eq(s.userDevices.deviceHash, deviceHash)));
      return Boolean(r);
    },
    async rememberDevice(userId: string, deviceHash: string) {
      await db
        .insert(s.userDevices)
        .values({ userId, deviceHash })
        .onConflictDoUpdate({
          target: [s.userDevices.userId, s.userDevices.deviceHash],
          set: { lastSeenAt: new Date() },
        });
    },
    async latestOutbox(to: string) {
      const [m] = await db
        .select()
        .from(s.outbox)
        .where(eq(s.outbox.to, to))
        .orderBy(desc(s.outbox.createdAt))
        .limit(1);
      return m;
    },
  };
}
