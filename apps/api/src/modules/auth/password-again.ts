import type { Db } from '@sf/db';
import { HttpError, tooMany } from '../../lib/errors.ts';
import { forget, take, waitText } from '../../lib/limits.ts';
import type { SessionUser } from '../../lib/session.ts';
import { authRepository } from './repository.ts';
import { verifyPassword } from './passwords.ts';

/** Wrong re-typed passwords allowed per admin before a pause: a stolen session cannot guess on. */
const RULE = { max: 10, windowMs: 15 * 60_000 };

export const PASSWORD_AGAIN_MESSAGE =
  'That is not your password. Type your own password again to confirm this action.';

/**
 * The one server check that a signed-in user (staff, for role changes and refunds) typed their
 * own password again just now (ASVS 4.3.3: re-authentication before sensitive actions).
 * Missing: 401; wrong: 403; more than 10 tries in 15 minutes without a right one: 429 (the slot
 * is taken before the check, so tries at the same time cannot slip past). A right one clears the count.
 */
export async function requirePasswordAgain(
  db: Db,
  me: SessionUser,
  password: string | undefined,
): Promise<void> {
  if (!password)
    throw new HttpError(401, 'Type your password again to confirm this action', 'PASSWORD_AGAIN', {
      password: 'Type your password again',
    });
  const key = `password-again:${me.id}`;
  const slot = await take(db, key, RULE);
  if (!slot.ok)
    throw tooMany(
      `Too many wrong passwords. Try again in ${waitText(slot.retryAfterS)}.`,
      slot.retryAfterS,
    );
  const user = await authRepository(db).userById(me.id);
  if (!user || !(await verifyPassword(user.passwordHash, password)))
    throw new HttpError(403, PASSWORD_AGAIN_MESSAGE, 'PASSWORD_AGAIN', {
      password: PASSWORD_AGAIN_MESSAGE,
    });
  await forget(db, [key]);
}
