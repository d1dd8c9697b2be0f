import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { plural } from '@sf/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import { enqueue } from '../../lib/jobs.ts';
import { endSessions, type SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import { catalogChanged } from '../admin/common.ts';
import { holdForLock, releaseLock } from '../admin/holds.ts';
import { PROVIDER_LISTS_CLEAR } from '../providers/service.ts';
import { adminUsersRepository } from './admin-users-repository.ts';
import { profileView, RESET_JOB } from './service.ts';
import { requirePasswordAgain } from './password-again.ts';
import type { UserRow } from './repository.ts';
import type { AdminUser } from './types.ts';

// Staff's work on accounts (decision 0019): one account with its sessions, its role, a lock, a
// forced password reset and ending its sessions. Every change is audited in its transaction.

/** The hash kept after a forced reset: no password matches it, only the mailed link gets in. */
const FORCED_RESET_HASH = '!forced-reset';

export const adminUserView = (u: UserRow): AdminUser => {
  const { hasPassword: _, ...account } = profileView(u);
  return { ...account, lockedAt: u.lockedAt?.toISOString() ?? null };
};

/** Locks the account row for the change (two admins at once act one after the other). */
async function lockedUser(tx: Db, id: string): Promise<UserRow> {
  const u = await adminUsersRepository(tx).lock(id);
  if (!u) throw notFound('No such account');
  return u;
}

const setUser = (tx: Db, id: string, v: Partial<UserRow>) => adminUsersRepository(tx).update(id, v);

/** ': its 1 listing and 12 parts are hidden', or nothing when it has none. */
function hiddenText(n: { listings: number; parts: number }, done: string) {
  const what = [
    n.listings ? `${n.listings} listing${n.listings === 1 ? '' : 's'}` : '',
    n.parts ? `${n.parts} part${n.parts === 1 ? '' : 's'} on sale` : '',
  ].filter(Boolean);
  return what.length
    ? `; its ${what.join(' and ')} ${n.listings + n.parts === 1 ? 'is' : 'are'} ${done}`
    : '';
}

/** Every process drops the lists, pages and searches that showed (or now show) them. */
async function businessesChanged(app: FastifyInstance) {
  await catalogChanged(app);
  await app.bus.publish(PROVIDER_LISTS_CLEAR, { type: 'cache.clear' });
}

/** Staff never lock themselves out: their own role and lock are another admin's job. */
function notSelf(me: SessionUser, id: string, what: string) {
  if (me.id === id) throw conflict(`You cannot ${what} your own account: ask another admin`);
}

export function adminUsersService(app: FastifyInstance) {
  const db = app.db;
  const bus = app.bus;
  return {
    async get(id: string) {
      const repo = adminUsersRepository(db);
      const u = await repo.user(id);
      if (!u) throw notFound('No such account');
      const sessions = await repo.openSessions(id);
      return {
        item: adminUserView(u),
        sessions: sessions.map((x) => ({
          id: x.id,
          createdAt: x.createdAt.toISOString(),
          expiresAt: x.expiresAt.toISOString(),
        })),
      };
    },

    async changeRole(
      me: SessionUser,
      id: string,
      input: { role: string; password?: string; note?: string },
    ) {
      await requirePasswordAgain(db, me, input.password);
      notSelf(me, id, 'change the role of');
      return transaction(db, async (tx) => {
        const u = await lockedUser(tx, id);
        if (u.role === input.role) throw conflict(`This account is already ${input.role}`);
        const after = await setUser(tx, id, { role: input.role });
        // A new role means new rights: the account signs in again to take them.
        await endSessions(tx, bus, { userId: id, reason: 'role' });
        await recordAudit(tx, {
          actorId: me.id,
          action: 'user.role',
          targetType: 'user',
          targetId: id,
          before: { role: u.role },
          after: { role: input.role },
          note: input.note,
        });
        return {
          message: `Role changed from ${u.role} to ${input.role}`,
          item: adminUserView(after),
        };
      });
    },

    /**
     * A locked account cannot sign in, its sessions end, and what it sells or lists is hidden
     * (its workshops and garages, its stores' parts: admin/holds.ts) until it is unlocked.
     */
    async lock(me: SessionUser, id: string, note?: string) {
      notSelf(me, id, 'lock');
      const out = await transaction(db, async (tx) => {
        const u = await lockedUser(tx, id);
        if (u.lockedAt) throw conflict('This account is already locked');
        const after = await setUser(tx, id, { lockedAt: new Date() });
        await endSessions(tx, bus, { userId: id, reason: 'locked' });
        const hidden = await holdForLock(tx, id);
        await recordAudit(tx, {
          actorId: me.id,
          action: 'user.lock',
          targetType: 'user',
          targetId: id,
          before: { lockedAt: null },
          after: { lockedAt: after.lockedAt!.toISOString(), hidden },
          note,
        });
        return {
          message: `Account locked: it cannot sign in and its sessions ended${hiddenText(hidden, 'hidden')}`,
          item: adminUserView(after),
        };
      });
      await businessesChanged(app);
      return out;
    },

    async unlock(me: SessionUser, id: string, note?: string) {
      const out = await transaction(db, async (tx) => {
        const u = await lockedUser(tx, id);
        if (!u.lockedAt) throw conflict('This account is not locked');
        const after = await setUser(tx, id, { lockedAt: null });
        const shown = await releaseLock(tx, id);
        await recordAudit(tx, {
          actorId: me.id,
          action: 'user.unlock',
          targetType: 'user',
          targetId: id,
          before: { lockedAt: u.lockedAt.toISOString() },
          after: { lockedAt: null, shown },
          note,
        });
        return {
          message: `Account unlocked: it can sign in again${hiddenText(shown, 'shown again')}`,
          item: adminUserView(after),
        };
      });
      await businessesChanged(app);
      return out;
    },

    /**
     * The old password stops working and every session ends; the usual reset job mails the
     * link (same token rules, same hourly limit), queued in this transaction.
     */
    async forceReset(me: SessionUser, id: string, note?: string) {
      return transaction(db, async (tx) => {
        const u = await lockedUser(tx, id);
        if (!u.email)
          throw conflict(
            'This account has no e-mail, so no reset link can be mailed: it signs in with a code sent by SMS to its phone',
          );
        const after = await setUser(tx, id, { passwordHash: FORCED_RESET_HASH });
        await endSessions(tx, bus, { userId: id, reason: 'password' });
        await enqueue(tx, RESET_JOB, { email: u.email });
        await recordAudit(tx, {
          actorId: me.id,
          action: 'user.password-reset',
          targetType: 'user',
          targetId: id,
          after: { passwordResetMailedTo: u.email },
          note,
        });
        return {
          message: `Password reset: the old password no longer works and a link is mailed to ${u.email}`,
          item: adminUserView(after),
        };
      });
    },

    async endSessions(me: SessionUser, id: string, sessionId?: string, note?: string) {
      return transaction(db, async (tx) => {
        const u = await lockedUser(tx, id);
        const ended = (
          await endSessions(tx, bus, {
            userId: id,
            sessionIds: sessionId ? [sessionId] : undefined,
            reason: 'admin',
          })
        ).map((x) => ({ id: x }));
        if (sessionId && ended.length === 0) throw notFound('That session has already ended');
        await recordAudit(tx, {
          actorId: me.id,
          action: 'user.sessions-end',
          targetType: 'user',
          targetId: id,
          before: { sessions: ended.map((x) => x.id.slice(0, 12)) },
          after: { sessions: [] },
          note,
        });
        const n = ended.length;
        return {
          message: `${plural(n, 'session')} ended`,
          item: adminUserView(u),
        };
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof adminUsersService>;
