import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schema as s, type Db } from '@sf/db';
import { SESSION_COOKIE, type Role } from '@sf/shared';
import { forbidden, unauthorized } from './errors.ts';

export { SESSION_COOKIE };
export const SESSION_DAYS = 30;
/** Staff sessions end after this long without a request (docs/decisions/0019). */
export const ADMIN_IDLE_MS = 30 * 60_000;
/** last_seen_at is written at most this often per session: a write per request would be waste. */
const SEEN_EVERY_MS = 60_000;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: Exclude<Role, 'guest'>;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /**
     * For the in-process calls made while serving one request: a header that hands them the
     * user already resolved for it, so the session is looked up once per page, not per call.
     * Revoke it when the request ends (or after a write that may change the user).
     */
    sessionPass(user: SessionUser | null): SessionPass;
  }
}

export interface SessionPass {
  header: [name: string, value: string];
  revoke(): void;
}

const PASS_HEADER = 'x-sf-session-pass';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new session: 256 random bits in the cookie, only their hash in the table. */
export async function createSession(
  db: Db,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(s.sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function destroySession(db: Db, sessionId: string) {
  await db.delete(s.sessions).where(eq(s.sessions.id, sessionId));
}

export async function destroyUserSessions(db: Db, userId: string) {
  await db.delete(s.sessions).where(eq(s.sessions.userId, userId));
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      id: s.users.id,
      name: s.users.name,
      email: s.users.email,
      phone: s.users.phone,
      role: s.users.role,
      lastSeenAt: s.sessions.lastSeenAt,
    })
    .from(s.sessions)
    .innerJoin(s.users, eq(s.users.id, s.sessions.userId))
    .where(
      // A locked account's sessions were ended; the check stays here should one be left.
      and(eq(s.sessions.id, id), gt(s.sessions.expiresAt, new Date()), isNull(s.users.lockedAt)),
    );
  if (!row) return null;
  const { lastSeenAt, ...user } = row;
  // An Admin's session idle for 30 minutes is over: a staff laptop left open is not left signed in.
  if (user.role === 'Admin') {
    const idle = Date.now() - new Date(lastSeenAt).getTime();
    if (idle > ADMIN_IDLE_MS) {
      await destroySession(db, id);
      return null;
    }
    if (idle > SEEN_EVERY_MS)
      await db.update(s.sessions).set({ lastSeenAt: new Date() }).where(eq(s.sessions.id, id));
  }
  return { ...user, role: user.role as SessionUser['role'], sessionId: id };
}

/** An in-process call (app.inject): a visitor's request never has this. */
const isInProcess = (req: FastifyRequest) => '_lightMyRequest' in req.raw;

/**
 * Reads the session cookie on every request: request.user is the signed-in user or null.
 * A request holding a live session pass (an in-process call made while serving a request,
 * see sessionPass) takes that request's user instead of looking the session up again. The
 * pass is 128 random bits, valid only while that request is served and only for in-process
 * calls: a visitor cannot forge one.
 */
export function installSessions(app: FastifyInstance) {
  const passes = new Map<string, { user: SessionUser | null }>();
  app.decorate('sessionPass', (user: SessionUser | null): SessionPass => {
    const token = crypto.randomBytes(16).toString('base64url');
    passes.set(token, { user });
    return { header: [PASS_HEADER, token], revoke: () => void passes.delete(token) };
  });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const pass = req.headers[PASS_HEADER];
    if (pass !== undefined) {
      delete req.headers[PASS_HEADER];
      const held = typeof pass === 'string' && isInProcess(req) ? passes.get(pass) : undefined;
      if (held) {
        req.user = held.user;
        return;
      }
    }
    const token = req.cookies?.[SESSION_COOKIE];
    req.user = token && token.length <= 100 ? await findSessionUser(app.db, token) : null;
  });
}

/** preHandler: 401 for guests. */
export async function requireAuth(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
}

/** preHandler factory: 401 for guests, 403 for a signed-in user of another role. */
export function requireRole(...roles: SessionUser['role'][]) {
  return async (req: FastifyRequest) => {
    if (!req.user) throw unauthorized();
    if (!roles.includes(req.user.role)) throw forbidden();
  };
}
