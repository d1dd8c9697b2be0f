import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { schema as s, type Db } from '@sf/db';
import { defineJob, enqueue } from './jobs.ts';

/**
 * Mail for every domain: modules build a message and queue it; the `mail.send` job delivers it
 * through SMTP when SMTP_URL is set, or writes the outbox table (and the log) otherwise, so a
 * link can be followed on a laptop. A request never waits on SMTP.
 * Links in a mail start with publicOrigin(config), never with anything from a request.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const MAIL_FROM = 'SpareFinder NG <no-reply@sparefinder.ng>';

const transports = new Map<string, Transporter>();

/** Delivers one message now: SMTP when configured, the outbox table otherwise. */
export async function deliver(
  db: Db,
  log: FastifyBaseLogger,
  smtpUrl: string | undefined,
  mail: MailMessage,
): Promise<void> {
  if (smtpUrl) {
    let transport = transports.get(smtpUrl);
    if (!transport) transports.set(smtpUrl, (transport = nodemailer.createTransport(smtpUrl)));
    await transport.sendMail({ from: MAIL_FROM, ...mail });
    log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    return;
  }
  await db
    .insert(s.outbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
  // Never the text: a password reset link in a log is a key to the account for anyone who
  // reads logs.
  log.info(
    { to: mail.to, subject: mail.subject },
    'mail written to the outbox (SMTP_URL is not set)',
  );
}

defineJob<MailMessage>(
  'mail.send',
  async (mail, { app }) => deliver(app.db, app.log, app.config.smtpUrl, mail),
  { maxAttempts: 6, backoffMs: 60_000 },
);

/**
 * Queues a mail; `db` may be a transaction, so the mail exists exactly when the write does.
 * An account made with a phone number alone has no e-mail (decision 0029): a mail to nobody is
 * skipped here, once, rather than checked by every sender.
 */
export async function queueMail(
  db: Db,
  mail: Omit<MailMessage, 'to'> & { to: string | null },
): Promise<void> {
  if (!mail.to) return;
  await enqueue(db, 'mail.send', mail);
}
