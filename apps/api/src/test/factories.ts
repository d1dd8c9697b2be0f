import crypto from 'node:crypto';
import { schema as s, type Db } from '@sf/db';
import { normalisePhone } from '@sf/shared';
import { createSession, SESSION_COOKIE, type SessionUser } from '../lib/session.ts';

let n = 0;

let phones = 0;
/** A phone number no other account of the test's database holds (numbers are unique per account). */
export const uniquePhone = () => `0805 ${String(++phones).padStart(7, '0')}`;

/** A user of the given role, signed in: `cookie` goes into inject's headers. */
export async function createUser(
  db: Db,
  role: SessionUser['role'] = 'Buyer',
  over: Partial<typeof s.users.$inferInsert> = {},
) {
  n++;
  const [user] = await db
    .insert(s.users)
    .values({
      email: `user${n}-${crypto.randomBytes(3).toString('hex')}@test.ng`,
      name: `Test ${role} ${n}`,
      phone: normalisePhone(uniquePhone())!,
      role,
      // Not a usable hash: factory users sign in through their session, not a password.
      passwordHash: 'factory',
      ...over,
    })
    .returning();
  const { token } = await createSession(db, user.id);
  // Factory users have an e-mail unless a test gives `email: null` (a phone-only account).
  return { user: user as typeof user & { email: string }, cookie: `${SESSION_COOKIE}=${token}` };
}
