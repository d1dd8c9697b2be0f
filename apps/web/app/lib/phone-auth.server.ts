import { data } from 'react-router';
import { AUTH_MESSAGES, checkMobile, codeDigits, safeRedirect } from '@sf/shared';
import type { PhoneVerifyAnswer } from '@sf/api/types';
import { redirect } from './redirect.ts';
import { field } from './auth.server.ts';
import { cookieHeaders, formStatus, serverApi } from './api.server.ts';

/**
 * Sign-in by SMS code for the login and register pages (decision 0029): two form posts that
 * work before JavaScript loads. `code` sends a code to the number; `verify` signs in with it,
 * or creates the account from the values the register page carries along (name, role,
 * business name). What a step needs next comes back in the action's answer.
 */
export interface PhoneStep {
  kind: 'phone';
  ok: boolean;
  step: 'phone' | 'code';
  /** The number as E.164 once the API took it, else as typed. */
  phone: string;
  message?: string;
  /** The API's words when the code went (the same for every number). */
  sent?: string;
  /** With the local SMS gateway: its page showing the code. */
  testInbox?: string;
  fields: Record<string, string>;
  /** A number without an account whose code was right: the name is asked for. */
  needName?: boolean;
  /** The right code of such a number, kept in its field while the name is asked for. */
  code?: string;
  /** The register page's values, carried through the code step. */
  values: Record<string, string>;
}

const KEEP = ['name', 'role', 'businessName'] as const;

export async function phoneAction(
  form: FormData,
  context: unknown,
  opts: {
    extraCheck?: (values: Record<string, string>) => Record<string, string>;
    /** Where a signed-in visitor goes (a new business to its setup page, staff to theirs). */
    landing?: (redirectTo: string, signedIn: PhoneVerifyAnswer) => string;
  } = {},
) {
  const intent = field(form, 'intent');
  const phone = field(form, 'phone').trim();
  const redirectTo = safeRedirect(field(form, 'redirectTo'));
  const values: Record<string, string> = {};
  for (const k of KEEP) {
    const v = field(form, k).trim();
    if (v) values[k] = v;
  }
  const refuse = (status: number, a: Partial<PhoneStep>) =>
    data<PhoneStep>(
      { kind: 'phone', ok: false, step: 'phone', phone, fields: {}, values, ...a },
      { status },
    );
  const api = serverApi(context);

  if (intent === 'code') {
    const fields: Record<string, string> = { ...(opts.extraCheck?.(values) ?? {}) };
    const bad = checkMobile(phone);
    if (bad) fields.phone = bad;
    if (Object.keys(fields).length)
      return refuse(400, { message: fields.phone ?? 'Please correct the marked fields', fields });
    const ans = await api.post('/api/auth/phone/code', { phone });
    if (!ans.status)
      return refuse(formStatus(ans), {
        message: ans.message,
        fields: ans.fields ?? {},
      });
    const sent = ans;
    return {
      kind: 'phone',
      ok: true,
      step: 'code',
      phone: sent.phone,
      sent: sent.message,
      testInbox: sent.testInbox,
      fields: {},
      values,
    } satisfies PhoneStep;
  }

  // verify
  const code = field(form, 'code');
  if (!codeDigits(code))
    return refuse(400, {
      step: 'code',
      message: 'Enter the 6-digit code we sent you by SMS',
      fields: { code: 'Enter the 6-digit code we sent you by SMS' },
      needName: field(form, 'needName') === '1',
    });
  const ans = await api.post('/api/auth/phone/verify', { phone, code, ...values });
  if (ans.status)
    return redirect(opts.landing?.(redirectTo, ans) ?? redirectTo, {
      headers: cookieHeaders(api.cookies()),
    });
  const fields = (ans.fields ?? {}) as Record<string, string>;
  // A right code for a number without an account, no name given yet: a question, not an error.
  if (fields.name === AUTH_MESSAGES.nameForNewAccount && !values.name && !fields.code)
    return {
      kind: 'phone',
      ok: true,
      step: 'code',
      phone,
      sent: `That code is right. ${AUTH_MESSAGES.nameForNewAccount}`,
      fields: {},
      values,
      needName: true,
      code,
    } satisfies PhoneStep;
  return refuse(formStatus(ans), {
    step: 'code',
    message: ans.message,
    fields,
    // The code was right and is kept: the same form now asks for the name too.
    needName: Boolean(fields.name) || field(form, 'needName') === '1',
    code: fields.name && !fields.code ? code : undefined,
  });
}
