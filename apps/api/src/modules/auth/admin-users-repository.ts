import { and, desc, eq, gt } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
import { authRepository, type UserRow } from './repository.ts';

// Staff's work on accounts: the account row and its open sessions.

export interface OpenSessionRow {
  id: string;
  createdAt: Date;
  expiresAt: Date;
}

export function adminUsersRepository(db: Db) {
  return {
    /** The same reads and writes of the account row as sign-in and the profile use. */
    user: (id: string): Promise<UserRow | undefined> => authRepository(db).userById(id),

    /** The account row, locked for the rest of the transaction. */
    lock: async (id: string): Promise<UserRow | undefined> =>
      (await db.select().from(s.users).where(eq(s.users.id, id)).for('update'))[0],

    /** Changes the account; its cached sessions are forgotten so they show the change. */
    async update(id: string, v: Partial<UserRow>): Promise<UserRow> {
      return (await authRepository(db).updateUser(id, v))!;
    },

    /** The sessions not expired yet, newest first. */
    openSessions: (userId: string): Promise<OpenSessionRow[]> =>
      db
        .select({
          id: s.sessions.id,
          createdAt: s.sessions.createdAt,
          expiresAt: s.sessions.expiresAt,
        })
        .from(s.sessions)
        .where(and(eq(s.sessions.userId, userId), gt(s.sessions.expiresAt, new Date())))
        .orderBy(desc(s.sessions.createdAt)),
  };
}
