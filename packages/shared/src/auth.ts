import { ROLES, type PublicRole } from './constants.ts';
import { localPhone, nigerianMobile, normalisePhone } from './phone.ts';
import type { FieldErrors } from './errors.ts';
import { safeRedirectPath } from './redirect.ts';
import { EMAIL_MAX, EMAIL_RE } from './email.ts';

/** Password rules (ASVS 2.1.1, 2.1.2): 8 to 128 characters, anything allowed (spaces, emoji). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const BUSINESS_MAX = 80;
export const RESET_TOKEN_HOURS = 1;
/** Sign-in codes by SMS (decision 0029): 6 digits, 10 minutes, 5 tries, then a new one is needed. */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;
/** The session cookie: its absence marks a guest (the page cache and the root loader rely on it). */
export const SESSION_COOKIE = 'sf_sid';
/** Does this Cookie header carry a session? */
const SESSION_RE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);
export const hasSessionCookie = (cookieHeader: string | null | undefined) =>
  SESSION_RE.test(cookieHeader ?? '');
/**
 * A guest's support-chat identity (decision 0017): set by the API when a guest first writes to
 * support. A page for a visitor holding it is theirs alone (the guest page cache skips it).
 */
export const CHAT_GUEST_COOKIE = 'sf_chat';
const CHAT_RE = new RegExp(`(?:^|;)\\s*${CHAT_GUEST_COOKIE}=`);
export const hasChatCookie = (cookieHeader: string | null | undefined) =>
  CHAT_RE.test(cookieHeader ?? '');

export const AUTH_MESSAGES = {
  badCredentials: 'Incorrect e-mail, phone number or password',
  accountLocked:
    'This account is locked by SpareFinder staff. Write to us through the contact page to open it again.',
  tooManyForAccount: (wait: string) =>
    `Too many failed logins for this account. Please wait ${wait} or reset your password.`,
  tooManyForAccountHere: (wait: string) =>
    `Too many failed logins for this account from your network. Please wait ${wait} or reset your password.`,
  tooManyForAddress: (wait: string) =>
    `Too many failed logins from your network. Please wait ${wait} and try again.`,
  tooManyRegistrations: (wait: string) =>
    `Too many accounts were created from your network. Please try again in ${wait}.`,
  resetSent:
    'If an account exists for this e-mail, we have sent it a link to choose a new password. The link works once, within 1 hour.',
  resetInvalid: 'This reset link is invalid, already used or expired. Please ask for a new one.',
  resetDone: 'Your password has been changed. Please log in with your new password.',
  emailTaken: 'An account with this e-mail already exists. Log in or reset your password.',
  phoneTaken:
    'An account with this phone number already exists. Log in with it or reset your password.',
  /** The profile's refusal of a number another account holds: says no more than that it cannot be used. */
  phoneUnavailable:
    'This phone number cannot be added to your account. If it is your number, write to us through the contact page and we will move it to your account.',
  tooManyPhoneChanges: (wait: string) =>
    `You have changed your phone number too often. Please try again in ${wait}.`,
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  /** Same words whether or not an account holds the number (no one learns who is registered). */
  codeSent: (phone: string) =>
    `We sent a 6-digit code by SMS to ${localPhone(phone)}. It works for 10 minutes.`,
  notNigerianMobile:
    'Enter a Nigerian mobile number, like 0803 123 4567. Codes can only be sent to Nigerian mobile numbers; use your e-mail instead.',
  enterCode: 'Enter the 6-digit code we sent you by SMS',
  codeWrong: (left: number) =>
    left > 0
      ? `That code is not right. You can try ${left} more time${left === 1 ? '' : 's'}.`
      : 'That code is not right, and it cannot be tried again. Ask for a new code.',
  codeDead: 'This code has expired, was used, or was tried 5 times. Ask for a new code.',
  nameForNewAccount: 'New here? Enter your name to create your account.',
  tooManyCodesForNumber: (wait: string) =>
    `Too many codes were sent to this number. Please wait ${wait}, or use your e-mail instead.`,
  tooManyCodesForAddress: (wait: string) =>
    `Too many codes were asked for from your network. Please try again in ${wait}.`,
  tooManyCodeTries: (wait: string) =>
    `Too many codes were tried from your network. Please try again in ${wait}.`,
  staffUsePassword:
    'Staff accounts sign in with their e-mail and password, not with a code. Use e-mail instead.',
  smsOff:
    'Sign-in by SMS code is not available right now. Please log in with your e-mail and password.',
  wrongCurrentPassword: 'Your current password is not correct',
  adminOnly: 'Only administrators can open this',
} as const;

/** Where each public role's business is named at registration (store, workshop or garage). */
export const BUSINESS_LABEL: Record<PublicRole, string | null> = {
  Buyer: null,
  Seller: 'Store name',
  Mechanic: 'Workshop name',
  'Tow Van': 'Garage name',
};

export const normaliseEmail = (e: string) => e.trim().toLowerCase();

export function checkEmail(email: string): string | undefined {
  const e = email.trim();
  if (!e) return 'Enter your e-mail address';
  if (e.length > EMAIL_MAX || !EMAIL_RE.test(e))
    return 'Enter a valid e-mail address, like ada@example.com';
}

/**
 * What a login form's one field holds: an e-mail address, or a Nigerian phone number in any
 * usual spelling (0803 123 4567, +234 803…), since many buyers know their number better.
 */
export function loginIdentifier(raw: string): { email: string } | { phone: string } | undefined {
  const t = raw.trim();
  if (t.includes('@'))
    return EMAIL_RE.test(t) && t.length <= EMAIL_MAX ? { email: normaliseEmail(t) } : undefined;
  const phone = normalisePhone(t);
  return phone ? { phone } : undefined;
}

export function checkLoginIdentifier(raw: string): string | undefined {
  if (!raw.trim()) return 'Enter your e-mail address or phone number';
  if (!loginIdentifier(raw))
    return 'Enter a valid e-mail address (like ada@example.com) or phone number (like 0803 123 4567)';
}

export function checkPassword(pw: string): string | undefined {
  if (!pw) return 'Enter a password';
  const n = [...pw].length;
  if (n < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`;
  if (n > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters`;
}

export function checkName(name: string): string | undefined {
  const n = name.trim();
  if (n.length < 2) return 'Enter your name';
  if (n.length > NAME_MAX) return `Use at most ${NAME_MAX} characters`;
}

/** The phone sign-in form's number: a Nigerian mobile number, in any usual spelling. */
export function checkMobile(phone: string): string | undefined {
  if (!phone.trim()) return 'Enter your phone number';
  if (!nigerianMobile(phone)) return AUTH_MESSAGES.notNigerianMobile;
}

/** A code as typed (spaces and dashes allowed): its 6 digits, or undefined. */
export function codeDigits(raw: string): string | undefined {
  const d = raw.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(d) ? d : undefined;
}

export function checkPhone(phone: string): string | undefined {
  if (!phone.trim()) return 'Enter your phone number';
  if (!normalisePhone(phone)) return 'Enter a Nigerian phone number, like 0803 123 4567';
}

export const isPublicRole = (r: string): r is PublicRole =>
  (ROLES as readonly string[]).includes(r);

export interface RegistrationInput {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: string;
  businessName?: string;
}

/** The form rules of /auth/register, run in the page action and again by the API. */
export function validateRegistration(i: RegistrationInput): FieldErrors {
  const errors: FieldErrors = {};
  const put = (k: string, m: string | undefined) => {
    if (m) errors[k] = m;
  };
  put('name', checkName(i.name));
  put('email', checkEmail(i.email));
  put('phone', checkPhone(i.phone));
  put('password', checkPassword(i.password));
  if (!isPublicRole(i.role)) errors.role = 'Choose Buyer, Seller, Mechanic or Tow Van';
  else {
    const label = BUSINESS_LABEL[i.role];
    const b = (i.businessName ?? '').trim();
    if (label && b.length < 2) errors.businessName = `Enter your ${label.toLowerCase()}`;
    else if (b.length > BUSINESS_MAX)
      errors.businessName = `Use at most ${BUSINESS_MAX} characters`;
  }
  return errors;
}

/** What a new account made with a phone number needs besides the code: a name, a role, a business. */
export function validateNewPhoneAccount(i: {
  name?: string;
  role?: string;
  businessName?: string;
}): FieldErrors {
  const errors: FieldErrors = {};
  const name = (i.name ?? '').trim();
  if (!name) errors.name = AUTH_MESSAGES.nameForNewAccount;
  else {
    const m = checkName(name);
    if (m) errors.name = m;
  }
  const role = i.role || 'Buyer';
  if (!isPublicRole(role)) errors.role = 'Choose Buyer, Seller, Mechanic or Tow Van';
  else {
    const label = BUSINESS_LABEL[role];
    const b = (i.businessName ?? '').trim();
    if (label && b.length < 2) errors.businessName = `Enter your ${label.toLowerCase()}`;
    else if (b.length > BUSINESS_MAX)
      errors.businessName = `Use at most ${BUSINESS_MAX} characters`;
  }
  return errors;
}

/** Where to go after signing in: a safe path of this site (safeRedirectPath), never a sign-in page. */
export function safeRedirect(to: unknown, fallback = '/'): string {
  const path = safeRedirectPath(to, fallback);
  return path.startsWith('/auth/') ? fallback : path;
}

/** Paths a guest may not open, and the message the login page shows for them. */
export function guardReason(pathname: string): 'login' | 'broadcast' | null {
  if (pathname === '/broadcast' || pathname.startsWith('/broadcast/')) return 'broadcast';
  if (/^\/(user|shopping|admin)(\/|$)/.test(pathname)) return 'login';
  return null;
}
