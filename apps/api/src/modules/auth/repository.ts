import { and, count, desc, eq, gt, ilike, isNull, or } from 'drizzle-orm';
import { normalisePhone } from '@sf/shared';
import { schema as s, type Db } from '@sf/db';
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
