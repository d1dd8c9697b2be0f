import type { FastifyInstance } from 'fastify';
import { schema as s } from '@sf/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Queues an e-mail: it is written to the outbox table and delivered by the mail sender.
 * One small file on purpose: the accounts branch brings the real sender (SMTP through nodemailer)
 * and its outbox; at merge this function keeps its signature and calls that one.
 */
export async function sendMail(app: FastifyInstance, msg: MailMessage): Promise<void> {
  await app.db.insert(s.outbox).values({ to: msg.to, subject: msg.subject, text: msg.text });
}
