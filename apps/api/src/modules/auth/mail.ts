import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { schema as s, type Db } from '@sf/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export const MAIL_FROM = 'SpareFinder NG <no-reply@sparefinder.ng>';

export interface Mailer {
  send(mail: Mail): Promise<void>;
  kind: 'smtp' | 'outbox';
}

/**
 * Real SMTP through nodemailer when SMTP_URL is set; otherwise the mail is written to the
 * outbox table and the server log, so a reset link can be followed on a laptop.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, smtpUrl?: string): Mailer {
  if (smtpUrl) {
    let transport: Transporter | null = null;
    return {
      kind: 'smtp',
      async send(mail) {
        transport ??= nodemailer.createTransport(smtpUrl);
        await transport.sendMail({ from: MAIL_FROM, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await db
        .insert(s.outbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
      log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
  };
}

const esc = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function resetMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your SpareFinder NG password',
    text: `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your SpareFinder NG account.\nOpen this link to choose a new password. It works once, within 1 hour:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n\nSpareFinder NG`,
    html: `<p>Hello ${esc(name)},</p><p>Someone (hopefully you) asked to reset the password of your SpareFinder NG account. Open this link to choose a new password. It works once, within 1 hour:</p><p><a href="${esc(link)}">${esc(link)}</a></p><p>If you did not ask for this, ignore this e-mail: your password stays the same.</p><p>SpareFinder NG</p>`,
  };
}
