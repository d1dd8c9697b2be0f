import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser a sign-in comes from: a long-lived random id in its own cookie, kept across
 * sign-outs (a session cookie is not), so a sign-in can tell "this phone has signed in here
 * before" from "a browser this account never used" (the SIM-swap rule, decision 0029). Only its
 * SHA-256 is stored, per account that signed in on it.
 */
export const DEVICE_COOKIE = 'sf_dev';
/** Browsers keep a cookie at most 400 days. */
const DEVICE_DAYS = 400;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Device {
  token: string;
  hash: string;
  /** The request carried no (well-formed) device cookie: one is made now. */
  fresh: boolean;
}

export const deviceHash = (token: string) =>
  crypto.createHash('sha256').update(token).digest('hex');

/** The request's device, or a new one when it has none. */
export function deviceOf(req: FastifyRequest): Device {
  const raw = req.cookies?.[DEVICE_COOKIE];
  if (raw && TOKEN.test(raw)) return { token: raw, hash: deviceHash(raw), fresh: false };
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: deviceHash(token), fresh: true };
}

export function setDeviceCookie(reply: FastifyReply, device: Device, secure: boolean) {
  reply.setCookie(DEVICE_COOKIE, device.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_DAYS * 86_400,
  });
}
