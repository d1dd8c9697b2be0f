import type { Db } from '@sf/db';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { metrics } from '../../lib/metrics.ts';
import { smsRepository } from './repository.ts';

/**
 * SMS for every module (decisions 0025, 0027): a module queues a message; the `sms.send` job
 * hands it to the gateway, so a request never waits on it and its timing does not depend on it.
 * - `code`: a sign-in code (auth); never a notice, never by e-mail;
 * - `notice`: the SMS copy of a notification, for users who turned SMS copies on.
 */
export type SmsPurpose = 'code' | 'notice';

export interface SmsMessage {
  /** E.164: +234XXXXXXXXXX. */
  to: string;
  text: string;
  purpose: SmsPurpose;
  /** Not sent after this (a code that has expired meanwhile is no use to anyone). */
  expiresAt?: string;
}

export const SMS_JOB = 'sms.send';
/** Tries before a message is given up (15 s, 30 s, 60 s apart): a code still arrives in time. */
export const SMS_ATTEMPTS = 4;
/** What a sent code's job keeps instead of its text: the code is stored only hashed. */
export const SENT_CODE_TEXT = '[sign-in code: text removed once handled]';

/** Queues an SMS; `db` may be a transaction, so the message exists exactly when the write does. */
export async function queueSms(db: Db, m: SmsMessage): Promise<void> {
  await enqueue(db, SMS_JOB, m);
}

/** +2348031234567 → +234803****567: enough for staff to tell messages apart in the log. */
export const maskNumber = (n: string) => n.replace(/^(\+?\d{6})\d{4}/, '$1****');

/** A code's text leaves the jobs table once the job is over, whichever way it ended. */
async function forgetCodeText(db: Db, jobId: string) {
  await smsRepository(db).replaceText(jobId, SENT_CODE_TEXT);
}

defineJob<SmsMessage>(
  SMS_JOB,
  async (m, { app, id, attempt }) => {
    const log = { to: maskNumber(m.to), purpose: m.purpose, job: id };
    const last = attempt >= SMS_ATTEMPTS;
    const giveUp = async (why: string) => {
      metrics.smsSent.inc({ purpose: m.purpose, outcome: 'failed' });
      if (m.purpose === 'code') await forgetCodeText(app.db, id);
      app.log.warn(log, `sms not sent: ${why}`);
    };
    if (!app.sms) return giveUp('SMS is off (SMS_API_KEY is not set)');
    if (m.expiresAt && new Date(m.expiresAt).getTime() <= Date.now())
      return giveUp('it expired before the gateway took it');
    try {
      const { messageId } = await app.sms.send(m.to, m.text);
      metrics.smsSent.inc({ purpose: m.purpose, outcome: 'sent' });
      if (m.purpose === 'code') await forgetCodeText(app.db, id);
      // Never the text: a sign-in code in a log opens the account to whoever reads logs.
      app.log.info({ ...log, messageId }, 'sms sent');
    } catch (err) {
      if (last) await giveUp((err as Error).message);
      throw err;
    }
  },
  { maxAttempts: SMS_ATTEMPTS, backoffMs: 15_000 },
);
