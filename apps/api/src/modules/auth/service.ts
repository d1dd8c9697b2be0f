import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@sf/db';
import {
  AUTH_MESSAGES as M,
  BUSINESS_LABEL,
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
  isPublicRole,
  loginIdentifier,
  makeGuestId,
  normaliseEmail,
  normalisePhone,
  validateRegistration,
  GUEST_TELEPHONE,
  RESET_TOKEN_HOURS,
  type FieldErrors,
  type RegistrationInput,
} from '@sf/shared';
import {
  HttpError,
  conflict,
  invalid as refused,
  tooMany,
  unauthorized,
} from '../../lib/errors.ts';
import {
  addressKey,
  forget,
  isUniqueViolation,
  refund,
  take,
  takeWithBackoff,
  waitText,
} from '../../lib/limits.ts';
import { createSession, endSessions, type SessionUser } from '../../lib/session.ts';
import { processBus, type Bus } from '../../lib/bus.ts';
import { authRepository, type UserRow } from './repository.ts';
import type { AuthUser, Profile } from './types.ts';
import { burnVerify, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { resetMail } from './mails.ts';
import { enqueue } from '../../lib/jobs.ts';
import type { MailMessage } from '../../lib/mail.ts';
import type { Device } from './devices.ts';

/** The job that looks up the account and mails a reset link. */
export const RESET_JOB = 'auth.password-reset';

const MIN = 60_000;
/**
 * Login limits (ASVS 2.2.1), counted per attempt before the password is checked, so attempts
 * made at the same time cannot slip past them; a successful login gives its slots back.
 * - one account from one address (a network for IPv6): 5 in 15 minutes, then refused there;
 * - one address across accounts: 20 in 15 minutes;
 * - one account from addresses it has never signed in from: 5 at any pace, then each attempt
 *   waits twice as long as the one before (30 s, 1 min … 15 min at most). A stranger slows
 *   guessing down without locking the owner out: the owner's usual address is not slowed, and
 *   a completed password reset or a successful login clears the count.
 * Registration: 20 accounts an hour per address. Reset links: 5 an hour per account.
 * Phone number changes on the profile: 5 a day per account and 20 an hour per address, saved or
 * refused, since a refusal tells that another account holds the number.
 */
export const LIMITS = {
  perAccountAddress: { max: 5, windowMs: 15 * MIN },
  perAddress: { max: 20, windowMs: 15 * MIN },
  perAccount: { free: 5, baseMs: 30_000, maxMs: 15 * MIN, idleMs: 24 * 60 * MIN },
  /** An address the account signed in from within this long counts as the owner's. */
  knownAddressMs: 30 * 24 * 60 * MIN,
  registrations: { max: 20, windowMs: 60 * MIN },
  resets: { max: 5, windowMs: 60 * MIN },
  phoneChanges: { max: 5, windowMs: 24 * 60 * MIN },
  phoneChangesPerAddress: { max: 20, windowMs: 60 * MIN },
};

export interface RequestInfo {
  ip: string;
  userAgent?: string;
  /** The session the request came with (renewed away at login), and its user. */
  sessionId?: string;
  sessionUserId?: string;
  /** The browser's device cookie (devices.ts): remembered for the account at each sign-in. */
  device?: Device;
}

/**
 * A new session at sign-in, renewed (ASVS 3.2.1): whoever was signed in on this browser is
 * signed out; the browser is remembered as one this account uses (the SIM-swap rule).
 */
export async function renewSession(db: Db, bus: Bus, userId: string, info: RequestInfo) {
  if (info.sessionUserId && info.sessionId)
    await endSessions(db, bus, {
      userId: info.sessionUserId,
      sessionIds: [info.sessionId],
      reason: 'logout',
    });
  if (info.device) await authRepository(db).rememberDevice(userId, info.device.hash);
  return createSession(db, userId);
}

const sha256 = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const invalid = (fields: FieldErrors, message = 'Please correct the marked fields') =>
  refused(message, fields);
/** The profile's refusal of a number another account holds, in words that name no account. */
const phoneUnavailable = () =>
  Object.assign(conflict(M.phoneUnavailable), { fields: { phone: M.phoneUnavailable } });

export const authUser = (u: Pick<UserRow, 'id' | 'name' | 'phone' | 'role'>): AuthUser => ({
  name: u.name,
  id: u.id,
  isauthenticated: true,
  tel: u.phone,
  role: u.role as AuthUser['role'],
});
export const guestAuthUser = (): AuthUser => ({
  name: 'guest',
  id: makeGuestId(),
  isauthenticated: false,
  tel: GUEST_TELEPHONE,
  role: 'guest',
});
export const profileView = (u: UserRow): Profile => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  role: u.role,
  businessName: u.businessName,
  hasPassword: u.passwordHash !== null,
  createdAt: u.createdAt.toISOString(),
});

export function authService(
  db: Db,
  log: FastifyBaseLogger,
  /** Where links in mails point: from configuration only, never from a request. */
  origin: string,
  /** New accounts per address and hour (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour = LIMITS.registrations.max,
  /** Where ended sessions are announced (their sockets close on every process). */
  bus: Bus = processBus(),
) {
  const repo = authRepository(db);

  const newSession = (userId: string, info: RequestInfo) => renewSession(db, bus, userId, info);

  function passwordProblem(pw: string): string | undefined {
    return checkPassword(pw) ?? (isCommonPassword(pw) ? M.commonPassword : undefined);
  }

  const loginKeys = (email: string, ip: string) => {
    const addr = addressKey(ip);
    return {
      addr: `login:ip:${addr}`,
      pair: `login:acct-ip:${email}|${addr}`,
      account: `login:acct:${email}`,
    };
  };

  async function refuse(
    email: string,
    info: RequestInfo,
    outcome: 'rate_limited_ip' | 'rate_limited_account',
    message: string,
    retryAfterS: number,
  ): Promise<never> {
    await repo.logAttempt({
      email,
      ip: info.ip,
      outcome,
      success: false,
      userAgent: info.userAgent,
    });
    log.warn({ email, ip: info.ip, outcome }, 'login attempt');
    throw tooMany(message, retryAfterS);
  }

  /** Takes this attempt's slots (address, account here, account) or refuses it with a 429. */
  async function admitAttempt(email: string, info: RequestInfo) {
    const k = loginKeys(email, info.ip);
    const addr = await take(db, k.addr, LIMITS.perAddress);
    if (!addr.ok)
      return refuse(
        email,
        info,
        'rate_limited_ip',
        M.tooManyForAddress(waitText(addr.retryAfterS)),
        addr.retryAfterS,
      );
    const pair = await take(db, k.pair, LIMITS.perAccountAddress);
    if (!pair.ok) {
      await refund(db, k.addr);
      return refuse(
        email,
        info,
        'rate_limited_account',
        M.tooManyForAccountHere(waitText(pair.retryAfterS)),
        pair.retryAfterS,
      );
    }
    const since = new Date(Date.now() - LIMITS.knownAddressMs);
    if (!(await repo.signedInFrom(email, info.ip, since))) {
      const account = await takeWithBackoff(db, k.account, LIMITS.perAccount);
      if (!account.ok) {
        await refund(db, k.addr);
        await refund(db, k.pair);
        return refuse(
          email,
          info,
          'rate_limited_account',
          M.tooManyForAccount(waitText(account.retryAfterS)),
          account.retryAfterS,
        );
      }
    }
  }

  /** A right password: the account's counts start again and the address gets its slot back. */
  async function clearAfterSuccess(email: string, ip: string) {
    const k = loginKeys(email, ip);
    await forget(db, [k.pair, k.account]);
    await refund(db, k.addr);
  }

  async function recordFailure(email: string, userId: string | null, info: RequestInfo) {
    await repo.logAttempt({
      email,
      ip: info.ip,
      userId,
      outcome: 'bad_credentials',
      success: false,
      userAgent: info.userAgent,
    });
    log.info({ email, ip: info.ip, outcome: 'bad_credentials' }, 'login attempt');
  }

  /** The 409 for an e-mail or a phone number another account holds (the e-mail is checked first). */
  async function taken(email: string, ownId?: string): Promise<HttpError> {
    const other = await repo.userByEmail(email);
    const m = other && other.id !== ownId ? M.emailTaken : M.phoneTaken;
    const e = conflict(m);
    e.fields = { [m === M.emailTaken ? 'email' : 'phone']: m };
    return e;
  }

  /**
   * A new number on the profile: limited per account and per address whether it is saved or
   * refused, because the refusal says another account holds the number.
   */
  async function admitPhoneChange(userId: string, ip: string) {
    for (const [key, rule] of [
      [`phone-change:${userId}`, LIMITS.phoneChanges],
      [`phone-change:${addressKey(ip)}`, LIMITS.phoneChangesPerAddress],
    ] as const) {
      const slot = await take(db, key, rule);
      if (!slot.ok)
        throw tooMany(M.tooManyPhoneChanges(waitText(slot.retryAfterS)), slot.retryAfterS);
    }
  }

  return {
    async register(input: RegistrationInput, info: RequestInfo) {
      const fields = validateRegistration(input);
      if (!fields.password && isCommonPassword(input.password)) fields.password = M.commonPassword;
      if (Object.keys(fields).length) throw invalid(fields);
      const role = input.role as SessionUser['role'];
      const email = normaliseEmail(input.email);
      const slot = await take(db, `register:${addressKey(info.ip)}`, {
        ...LIMITS.registrations,
        max: registrationsPerHour,
      });
      if (!slot.ok)
        throw tooMany(M.tooManyRegistrations(waitText(slot.retryAfterS)), slot.retryAfterS);
      const user = await repo.insertUser({
        email,
        name: input.name.trim(),
        phone: normalisePhone(input.phone)!,
        role,
        businessName:
          isPublicRole(role) && BUSINESS_LABEL[role] ? input.businessName!.trim() : null,
        passwordHash: await hashPassword(input.password),
      });
      if (!user) throw await taken(email);
      log.info({ userId: user.id, role }, 'account registered');
      return { user, session: await newSession(user.id, info) };
    },

    /** `login` is an e-mail address or a phone number; either reaches the same account. */
    async login(login: string, password: string, info: RequestInfo) {
      const id = loginIdentifier(login);
      const user = !id
        ? undefined
        : 'email' in id
          ? await repo.userByEmail(id.email)
          : await repo.userByPhone(id.phone);
      // The limits count per account, under its e-mail, whichever form was typed.
      const email =
        user?.email ?? (id ? ('email' in id ? id.email : id.phone) : normaliseEmail(login));
      await admitAttempt(email, info);
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : (await burnVerify(password), false);
      if (!user || !ok) {
        await recordFailure(email, user?.id ?? null, info);
        throw unauthorized(M.badCredentials);
      }
      await clearAfterSuccess(email, info.ip);
      // Only the right password learns of the lock: a guesser sees the usual refusal.
      if (user.lockedAt) throw new HttpError(403, M.accountLocked, 'ACCOUNT_LOCKED');
      await repo.logAttempt({
        email,
        ip: info.ip,
        userId: user.id,
        outcome: 'success',
        success: true,
        userAgent: info.userAgent,
      });
      log.info({ email, ip: info.ip, userId: user.id, outcome: 'success' }, 'login attempt');
      return { user, session: await newSession(user.id, info) };
    },

    logout: (me: SessionUser) =>
      endSessions(db, bus, { userId: me.id, sessionIds: [me.sessionId], reason: 'logout' }),

    /**
     * Always the same answer in the same time: the request only queues a job, whether or not
     * the account exists; the lookup, the token and the mail happen in sendResetLink.
     */
    async requestReset(rawEmail: string) {
      await enqueue(db, RESET_JOB, { email: normaliseEmail(rawEmail) });
    },

    /**
     * The reset job: a one-time link to a known account, at most 5 an hour. The mail is
     * delivered from here rather than queued again, so the raw token is never stored.
     */
    async sendResetLink(email: string, deliver: (m: MailMessage) => Promise<void>) {
      const user = await repo.userByEmail(email);
      if (!user) {
        log.info({ email }, 'password reset asked for an unknown e-mail');
        return;
      }
      if (!(await take(db, `reset:${user.id}`, LIMITS.resets)).ok) {
        log.warn({ userId: user.id }, 'password reset: hourly limit reached, no mail sent');
        return;
      }
      const token = crypto.randomBytes(32).toString('base64url');
      await repo.insertResetToken({
        id: sha256(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_HOURS * 3_600_000),
      });
      // Found by its e-mail, so it has one.
      await deliver(
        resetMail(user.email!, user.name, `${origin}/auth/passwordreset?token=${token}`),
      );
    },

    async confirmReset(token: string, password: string) {
      const problem = passwordProblem(password);
      if (problem) throw invalid({ password: problem }, problem);
      const userId = await repo.consumeResetToken(sha256(token));
      if (!userId) throw new HttpError(400, M.resetInvalid, 'RESET_INVALID');
      const user = await repo.updateUser(userId, { passwordHash: await hashPassword(password) });
      // The owner proved access to the mailbox: failed logins no longer slow the account down.
      if (user?.email)
        await forget(db, [`login:acct:${user.email}`], [`login:acct-ip:${user.email}|`]);
      await repo.retireResetTokens(userId);
      // Every session of the account ends (ASVS 3.3.3).
      await endSessions(db, bus, { userId, reason: 'password' });
      log.info({ userId }, 'password reset completed');
    },

    async profile(userId: string) {
      const u = await repo.userById(userId);
      if (!u) throw unauthorized();
      return u;
    },

    async updateProfile(
      me: SessionUser,
      input: {
        name?: string;
        phone?: string;
        email?: string;
        currentPassword?: string;
        newPassword?: string;
      },
      info: RequestInfo,
    ) {
      const user = await repo.userById(me.id);
      if (!user) throw unauthorized();
      const fields: FieldErrors = {};
      const put = (k: string, m: string | undefined) => {
        if (m) fields[k] = m;
      };
      const patch: Partial<UserRow> = {};
      if (input.name !== undefined) {
        put('name', checkName(input.name));
        patch.name = input.name.trim();
      }
      if (input.phone !== undefined) {
        put('phone', checkPhone(input.phone));
        patch.phone = normalisePhone(input.phone) ?? input.phone;
      }
      const newEmail = input.email !== undefined ? normaliseEmail(input.email) : undefined;
      const emailChange = newEmail !== undefined && newEmail !== user.email;
      if (emailChange) {
        put('email', checkEmail(newEmail));
        patch.email = newEmail;
      }
      const pwChange = Boolean(input.newPassword);
      if (pwChange) put('newPassword', passwordProblem(input.newPassword!));
      if (Object.keys(fields).length) throw invalid(fields);
      // Re-authentication before the e-mail or the password changes (ASVS 2.1.5, 3.7.1). An
      // account made by SMS code has no password to type again: its session came from a code
      // sent to its phone moments or days ago, which is all it has (decision 0029).
      if ((emailChange || pwChange) && user.passwordHash !== null) {
        // The limits count per account under its e-mail, or its number when it has none.
        const ident = user.email ?? user.phone;
        if (!input.currentPassword)
          throw invalid({
            currentPassword: 'Enter your current password to change your e-mail or password',
          });
        await admitAttempt(ident, info);
        if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
          await recordFailure(ident, user.id, info);
          throw invalid({ currentPassword: M.wrongCurrentPassword }, M.wrongCurrentPassword);
        }
        await clearAfterSuccess(ident, info.ip);
      }
      if (emailChange && (await repo.userByEmail(newEmail!))) throw await taken(newEmail!);
      const phoneChange = patch.phone !== undefined && patch.phone !== user.phone;
      if (phoneChange) {
        await admitPhoneChange(user.id, info.ip);
        const holder = await repo.userByPhone(patch.phone!);
        if (holder && holder.id !== user.id) throw phoneUnavailable();
      }
      if (pwChange) patch.passwordHash = await hashPassword(input.newPassword!);
      let updated: UserRow | undefined = user;
      try {
        if (Object.keys(patch).length) updated = await repo.updateUser(user.id, patch);
      } catch (e) {
        // Another account took the address or the number between the checks above and this write.
        if (!isUniqueViolation(e)) throw e;
        const other = emailChange ? await repo.userByEmail(newEmail!) : undefined;
        throw other && other.id !== user.id ? await taken(newEmail!) : phoneUnavailable();
      }
      let session: Awaited<ReturnType<typeof createSession>> | undefined;
      if (pwChange) {
        // Other devices are signed out; this one gets a fresh session.
        await endSessions(db, bus, { userId: user.id, reason: 'password' });
        session = await createSession(db, user.id);
        log.info({ userId: user.id }, 'password changed');
      }
      return { user: updated!, session };
    },

    listUsers: (opts: { role?: string; q?: string; limit: number }) => repo.listUsers(opts),
    latestOutbox: (to: string) => repo.latestOutbox(normaliseEmail(to)),
  };
}
export type AuthService = ReturnType<typeof authService>;
