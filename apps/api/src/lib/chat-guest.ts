import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_GUEST_COOKIE } from '@sf/shared';

/**
 * A guest's chat identity (decision 0017): 256 random bits in an HttpOnly cookie, set when a
 * guest first writes to support. Only its SHA-256 is stored and used as a channel name, so
 * neither the database nor a bus event can be turned back into a cookie that reads the thread.
 */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/**
 * A guest's thread is readable from the browser that wrote it for this long (and until someone
 * signs in or out there): on a shared computer the next person must not find it.
 */
export const GUEST_CHAT_DAYS = 7;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The guest id of this request's chat cookie, when it carries a well-formed one. */
export function guestIdOf(req: FastifyRequest): string | undefined {
  const token = req.cookies?.[CHAT_GUEST_COOKIE];
  return token && TOKEN.test(token) ? hash(token) : undefined;
}

/** Sets a new chat cookie on the answer and returns its guest id. */
export function issueGuestId(reply: FastifyReply, secure: boolean): string {
  const token = crypto.randomBytes(32).toString('base64url');
  reply.setCookie(CHAT_GUEST_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: new Date(Date.now() + GUEST_CHAT_DAYS * 86_400_000),
  });
  return hash(token);
}

/** Removes the chat cookie (at sign-in and sign-out). */
export function clearGuestChat(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(CHAT_GUEST_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
