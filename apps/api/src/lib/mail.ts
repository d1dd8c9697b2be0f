import type { FastifyInstance } from 'fastify';
import { schema as s } from '@sf/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends an e-mail for a domain module (contact us …). Kept in one small file on purpose.
 * On this branch it writes to the outbox table. AT MERGE with the accounts branch, replace the body with
 *   await createMailer(app.db, app.log, app.config.smtpUrl).send(msg);
 * (apps/api/src/modules/auth/mail.ts there: real SMTP through nodemailer when SMTP_URL is set, the outbox otherwise).
 */
export async function sendMail(app: FastifyInstance, msg: MailMessage): Promise<void> {
  await app.db.insert(s.outbox).values({ to: msg.to, subject: msg.subject, text: msg.text });
  app.log.info({ to: msg.to, subject: msg.subject }, 'mail written to the outbox');
}
