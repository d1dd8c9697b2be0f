import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES as M,
  BUSINESS_LABEL,
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  codeDigits,
  isPublicRole,
  nigerianMobile,
  validateNewPhoneAccount,
} from '@sf/shared';
import { HttpError, forbidden, invalid, tooMany, unavailable } from '../../lib/errors.ts';
import { addressKey, refund, take, waitText, type Rule } from '../../lib/limits.ts';
import { transaction } from '../../lib/tx.ts';
import type { SessionUser } from '../../lib/session.ts';
import { publicOrigin } from '../../config.ts';
import { maskNumber, queueSms } from '../sms/service.ts';
import { holdPayoutsForNewDevice } from '../orders/bank-account.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { authRepository, type UserRow } from './repository.ts';
import { LIMITS, renewSession, type RequestInfo } from './service.ts';
import type { Device } from './devices.ts';

const MIN = 60_000;
const CODE_MS = PHONE_CODE_MINUTES * MIN;

/**
 * Limits of sign-in by SMS code (decision 0029), each taken before any work, in one statement
 * (lib/limits.ts), so simultaneous requests cannot slip past them:
 * - codes sent to one number: 5 an hour and 10 a day (a stranger cannot flood a phone, and with
 *   5 tries a code at most 50 guesses a day reach one number: 1 in 20,000);
 * - codes asked for from one address: 20 an hour (SMS cost money; room for a carrier's NAT);
 * - codes tried from one address: 30 in 15 minutes, across numbers.
 * None of them looks the number up: the answers are the same for registered and unknown numbers.
 */
export const PHONE_LIMITS = {
  codesPerNumber: { max: 5, windowMs: 60 * MIN },
  codesPerNumberDay: { max: 10, windowMs: 24 * 60 * MIN },
  codesPerAddress: { max: 20, windowMs: 60 * MIN },
  triesPerAddress: { max: 30, windowMs: 15 * MIN },
} satisfies Record<string, Rule>;

/** The row's random id salts the hash: equal codes never hash alike. */
export const hashCode = (id: string, code: string) =>
  crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

const codeInvalid = (message: string) =>
  new HttpError(400, message, 'CODE_INVALID', { code: message });

export interface NewAccountInput {
  name?: string;
  role?: string;
  businessName?: string;
}

export type PhoneSignIn = {
  user: UserRow;
  session: { token: string; expiresAt: Date };
  created: boolean;
};

export function phoneAuthService(app: FastifyInstance) {
  const db = app.db;
  const repo = authRepository(db);
  const log = app.log;
  const host = new URL(publicOrigin(app.config)).hostname;

  /** The text of a code SMS; its last line lets Android's browser offer the code (WebOTP). */
  const codeText = (code: string) =>
    `SpareFinder NG code: ${code}. It expires in ${PHONE_CODE_MINUTES} minutes. Do not share it: our staff never ask for it.\n\n@${host} #${code}`;

  async function takeOrRefuse(key: string, rule: Rule, message: (wait: string) => string) {
    const slot = await take(db, key, rule);
    if (!slot.ok) throw tooMany(message(waitText(slot.retryAfterS)), slot.retryAfterS);
  }

  /** Signs in to an account whose number the code proved (the code already used). */
  async function signIn(user: UserRow, info: RequestInfo & { device: Device }) {
    if (user.lockedAt) throw new HttpError(403, M.accountLocked, 'ACCOUNT_LOCKED');
    // Whoever holds a staff member's SIM must not hold the admin area: staff use their password.
    if (user.role === 'Admin') throw forbidden(M.staffUsePassword);
    // A browser this account used before, or a session of the same account on it, is no swap.
    const known =
      info.sessionUserId === user.id || (await repo.knownDevice(user.id, info.device.hash));
    const notices: Notice[] = [];
    await transaction(db, async (tx) => {
      if (!known) notices.push(...(await holdPayoutsForNewDevice(app, tx, user.id)));
      await authRepository(tx).logAttempt({
        email: user.email ?? user.phone,
        ip: info.ip,
        userId: user.id,
        outcome: 'code_success',
        success: true,
        userAgent: info.userAgent,
      });
    });
    if (notices.length) {
      log.warn(
        { userId: user.id, ip: info.ip },
        'sign-in by SMS code on a new device: payouts held 24 hours',
      );
      await notificationsService(app).announce(notices);
    }
    log.info({ userId: user.id, ip: info.ip, outcome: 'code_success' }, 'login attempt');
    return renewSession(db, app.bus, user.id, info);
  }

  return {
    /**
     * Sends a code to any Nigerian mobile number, registered or not, with the same answer in
     * the same time: the number is never looked up here. For an unknown number the code
     * creates the account when it is entered.
     */
    async sendCode(rawPhone: string, info: RequestInfo) {
      if (!app.sms) throw unavailable(M.smsOff);
      const phone = nigerianMobile(rawPhone);
      if (!phone) throw invalid(M.notNigerianMobile, { phone: M.notNigerianMobile });
      const addr = `code-send:ip:${addressKey(info.ip)}`;
      await takeOrRefuse(addr, PHONE_LIMITS.codesPerAddress, M.tooManyCodesForAddress);
      const taken: string[] = [addr];
      for (const [key, rule] of [
        [`code-send:hour:${phone}`, PHONE_LIMITS.codesPerNumber],
        [`code-send:day:${phone}`, PHONE_LIMITS.codesPerNumberDay],
      ] as const) {
        const slot = await take(db, key, rule);
        if (!slot.ok) {
          // Refused here: the slots taken before it did not send anything.
          for (const k of taken) await refund(db, k);
          throw tooMany(M.tooManyCodesForNumber(waitText(slot.retryAfterS)), slot.retryAfterS);
        }
        taken.push(key);
      }
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      const id = crypto.randomUUID();
      const expiresAt = new Date(Date.now() + CODE_MS);
      await transaction(db, async (tx) => {
        await authRepository(tx).newPhoneCode({
          id,
          phone,
          codeHash: hashCode(id, code),
          expiresAt,
        });
        await queueSms(tx, {
          to: phone,
          text: codeText(code),
          purpose: 'code',
          expiresAt: expiresAt.toISOString(),
        });
      });
      log.info({ phone: maskNumber(phone), ip: info.ip }, 'sign-in code queued');
      return { phone, expiresAt };
    },

    /**
     * A right code signs in to the number's account, or creates one (a name is needed then:
     * asked for, with the code kept, when it is missing). Each call spends one of the code's 5
     * tries before the code is compared; a wrong or spent code says nothing of the number.
     */
    async verify(
      input: { phone: string; code: string } & NewAccountInput,
      info: RequestInfo & { device: Device },
    ): Promise<PhoneSignIn> {
      const phone = nigerianMobile(input.phone);
      if (!phone) throw invalid(M.notNigerianMobile, { phone: M.notNigerianMobile });
      const code = codeDigits(input.code);
      if (!code) throw invalid(M.enterCode, { code: M.enterCode });
      await takeOrRefuse(
        `code-try:ip:${addressKey(info.ip)}`,
        PHONE_LIMITS.triesPerAddress,
        M.tooManyCodeTries,
      );
      const row = await repo.tryPhoneCode(phone, PHONE_CODE_TRIES);
      const right = row ? sameHash(row.codeHash, hashCode(row.id, code)) : false;
      if (!row || !right) {
        await repo.logAttempt({
          email: phone,
          ip: info.ip,
          outcome: 'bad_code',
          success: false,
          userAgent: info.userAgent,
        });
        log.info({ phone: maskNumber(phone), ip: info.ip, outcome: 'bad_code' }, 'login attempt');
        throw codeInvalid(row ? M.codeWrong(PHONE_CODE_TRIES - row.attempts) : M.codeDead);
      }
      // From here on the caller holds the phone: what follows may differ by account.
      let user = await repo.userByPhone(phone);
      if (!user) {
        const fields = validateNewPhoneAccount(input);
        // The code stays good: the same code, with a name, creates the account.
        if (Object.keys(fields).length)
          throw invalid(fields.name ?? 'Please correct the marked fields', fields);
        await takeOrRefuse(
          `register:${addressKey(info.ip)}`,
          { ...LIMITS.registrations, max: app.config.registrationsPerHour },
          M.tooManyRegistrations,
        );
        if (!(await repo.usePhoneCode(row.id))) throw codeInvalid(M.codeDead);
        const role = (input.role || 'Buyer') as SessionUser['role'];
        const created = await repo.insertUser({
          email: null,
          passwordHash: null,
          phone,
          name: input.name!.trim(),
          role,
          businessName:
            isPublicRole(role) && BUSINESS_LABEL[role] ? input.businessName!.trim() : null,
        });
        if (created) {
          log.info({ userId: created.id, role, via: 'sms' }, 'account registered');
          return { user: created, session: await signIn(created, info), created: true };
        }
        // Registered meanwhile (by e-mail with this number): the code proved the number.
        user = await repo.userByPhone(phone);
        if (!user) throw codeInvalid(M.codeDead);
        return { user, session: await signIn(user, info), created: false };
      }
      if (!(await repo.usePhoneCode(row.id))) throw codeInvalid(M.codeDead);
      return { user, session: await signIn(user, info), created: false };
    },
  };
}
