import type { FastifyInstance } from 'fastify';
import { createMailer } from '../modules/auth/mail.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends an e-mail for any domain: SMTP when SMTP_URL is set, the outbox table otherwise. */
export async function sendMail(app: FastifyInstance, msg: MailMessage): Promise<void> {
  await createMailer(app.db, app.log, app.config.smtpUrl).send(msg);
}
