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
  makeGuestId,
  normaliseEmail,
  normalisePhone,
  validateRegistration,
  GUEST_TELEPHONE,
  RESET_TOKEN_HOURS,
  type AuthUser,
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
  createSession,
  destroySession,
  destroyUserSessions,
  type SessionUser,
} from '../../lib/session.ts';
import { authRepository, type UserRow } from './repository.ts';
import { burnVerify, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { resetMail, type Mailer } from './mail.ts';

/** Failed-login limits (ASVS 2.2.1): per account and per network address, in a 15-minute window. */
export const LIMITS = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20, resetsPerHour: 5 };

export interface RequestInfo {
  ip: string;
  userAgent?: string;
  /** The session the request came with (renewed away at login). */
  sessionId?: string;
}

const sha256 = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const invalid = (fields: FieldErrors, message = 'Please correct the marked fields') =>
  refused(message, fields);

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
export const profileView = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  role: u.role,
  businessName: u.businessName,
  createdAt: u.createdAt.toISOString(),
});

export function authService(db: Db, mailer: Mailer, log: FastifyBaseLogger) {
  const repo = authRepository(db);

  async function newSession(userId: string, info: RequestInfo) {
    if (info.sessionId) await destroySession(db, info.sessionId); // renewed at login (ASVS 3.2.1)
    return createSession(db, userId);
  }

  function passwordProblem(pw: string): string | undefined {
    return checkPassword(pw) ?? (isCommonPassword(pw) ? M.commonPassword : undefined);
  }

  async function checkLimits(email: string, info: RequestInfo) {
    const since = new Date(Date.now() - LIMITS.windowMs);
    if ((await repo.addressFailures(info.ip, since)) >= LIMITS.perAddress) {
      await repo.logAttempt({
        email,
        ip: info.ip,
        outcome: 'rate_limited_ip',
        success: false,
        userAgent: info.userAgent,
      });
      log.warn({ email, ip: info.ip, outcome: 'rate_limited_ip' }, 'login attempt');
      throw tooMany(M.tooManyForAddress);
    }
    if ((await repo.accountFailures(email, since)) >= LIMITS.perAccount) {
      await repo.logAttempt({
        email,
        ip: info.ip,
        outcome: 'rate_limited_account',
        success: false,
        userAgent: info.userAgent,
      });
      log.warn({ email, ip: info.ip, outcome: 'rate_limited_account' }, 'login attempt');
      throw tooMany(M.tooManyForAccount);
    }
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

  return {
    async register(input: RegistrationInput, info: RequestInfo) {
      const fields = validateRegistration(input);
      if (!fields.password && isCommonPassword(input.password)) fields.password = M.commonPassword;
      if (Object.keys(fields).length) throw invalid(fields);
      const role = input.role as SessionUser['role'];
      const email = normaliseEmail(input.email);
      const user = await repo.insertUser({
        email,
        name: input.name.trim(),
        phone: normalisePhone(input.phone)!,
        role,
        businessName:
          isPublicRole(role) && BUSINESS_LABEL[role] ? input.businessName!.trim() : null,
        passwordHash: await hashPassword(input.password),
      });
      if (!user) {
        const e = conflict(M.emailTaken);
        e.fields = { email: M.emailTaken };
        throw e;
      }
      log.info({ userId: user.id, role }, 'account registered');
      return { user, session: await newSession(user.id, info) };
    },

    async login(rawEmail: string, password: string, info: RequestInfo) {
      const email = normaliseEmail(rawEmail);
      await checkLimits(email, info);
      const user = await repo.userByEmail(email);
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : (await burnVerify(password), false);
      if (!user || !ok) {
        await recordFailure(email, user?.id ?? null, info);
        throw unauthorized(M.badCredentials);
      }
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

    logout: (sessionId: string) => destroySession(db, sessionId),

    /** Always the same answer; the mail leaves in the background so timing tells nothing. */
    async requestReset(rawEmail: string, origin: string) {
      const email = normaliseEmail(rawEmail);
      const user = await repo.userByEmail(email);
      if (!user) {
        log.info({ email }, 'password reset asked for an unknown e-mail');
        return;
      }
      if (
        (await repo.recentResetCount(user.id, new Date(Date.now() - 3_600_000))) >=
        LIMITS.resetsPerHour
      ) {
        log.warn({ userId: user.id }, 'password reset: hourly limit reached, no mail sent');
        return;
      }
      const token = crypto.randomBytes(32).toString('base64url');
      await repo.insertResetToken({
        id: sha256(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_HOURS * 3_600_000),
      });
      const link = `${origin}/auth/passwordreset?token=${token}`;
      const sending = mailer
        .send(resetMail(user.email, user.name, link))
        .catch((err) => log.error({ err, userId: user.id }, 'password reset mail failed'));
      return { sending };
    },

    async confirmReset(token: string, password: string) {
      const problem = passwordProblem(password);
      if (problem) throw invalid({ password: problem }, problem);
      const userId = await repo.consumeResetToken(sha256(token));
      if (!userId) throw new HttpError(400, M.resetInvalid, 'RESET_INVALID');
      await repo.updateUser(userId, { passwordHash: await hashPassword(password) });
      await repo.retireResetTokens(userId);
      await destroyUserSessions(db, userId); // every session of the account ends (ASVS 3.3.3)
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
      // Re-authentication before the e-mail or the password changes (ASVS 2.1.5, 3.7.1).
      if (emailChange || pwChange) {
        if (!input.currentPassword)
          throw invalid({
            currentPassword: 'Enter your current password to change your e-mail or password',
          });
        await checkLimits(user.email, info);
        if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
          await recordFailure(user.email, user.id, info);
          throw invalid({ currentPassword: M.wrongCurrentPassword }, M.wrongCurrentPassword);
        }
      }
      if (emailChange && (await repo.userByEmail(newEmail!))) {
        const e = conflict(M.emailTaken);
        e.fields = { email: M.emailTaken };
        throw e;
      }
      if (pwChange) patch.passwordHash = await hashPassword(input.newPassword!);
      const updated = Object.keys(patch).length ? await repo.updateUser(user.id, patch) : user;
      let session: Awaited<ReturnType<typeof createSession>> | undefined;
      if (pwChange) {
        // Other devices are signed out; this one gets a fresh session.
        await destroyUserSessions(db, user.id);
        session = await createSession(db, user.id);
        log.info({ userId: user.id }, 'password changed');
      }
      return { user: updated!, session };
    },

    listUsers: (opts: { role?: string; limit: number }) => repo.listUsers(opts),
    latestOutbox: (to: string) => repo.latestOutbox(normaliseEmail(to)),
  };
}
export type AuthService = ReturnType<typeof authService>;
