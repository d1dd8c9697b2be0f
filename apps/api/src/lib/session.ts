import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schema as s, type Db } from '@sf/db';
import { SESSION_COOKIE, type Role } from '@sf/shared';
import { forbidden, unauthorized } from './errors.ts';
import { redisOf } from './redis.ts';

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

/*
 * The session read cache (decision 0020). Sessions live in PostgreSQL; with REDIS_URL a resolved
 * session is kept in Redis for SESSION_CACHE_MS so most requests skip the join. Every change that
 * ends a session or changes its user (logout, logout everywhere, role, lock, profile) calls
 * `forgetSession` / `forgetUserSessions`, which drop the entry and set a short "changed" mark: a
 * request that read the old rows just before the change commits cannot put them back while the
 * mark stands (the fill is refused atomically), and a hit is refused while its user is marked.
 * Staff sessions are never cached: their idle timeout needs the real last_seen_at.
 */
export const SESSION_CACHE_MS = 30_000;
/** Longer than any transaction that changes a user and the cache time together. */
const MARK_MS = 2 * SESSION_CACHE_MS;
const entryKey = (sessionId: string) => `sf:sess:${sessionId}`;
const sessionMark = (sessionId: string) => `sf:sess-off:s:${sessionId}`;
const USER_MARK = 'sf:sess-off:u:';

/** GET the entry unless its session or its user is marked as changed. */
const READ_LUA = `local v = redis.call('GET', KEYS[1])
if not v then return false end
if redis.call('EXISTS', KEYS[2]) == 1 then return false end
local ok, e = pcall(cjson.decode, v)
if not ok or redis.call('EXISTS', ARGV[1] .. e.id) == 1 then return false end
return v`;

/** SET the entry unless a change was marked meanwhile. ARGV: value, ttl ms. */
const FILL_LUA = `if redis.call('EXISTS', KEYS[2]) == 1 or redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

async function cachedSession(db: Db, id: string): Promise<SessionUser | undefined> {
  const got = await redisOf(db)?.run(
    (c) =>
      c.sendCommand(['EVAL', READ_LUA, '2', entryKey(id), sessionMark(id), USER_MARK]) as Promise<
        string | null
      >,
  );
  if (!got?.value) return undefined;
  try {
    return JSON.parse(got.value) as SessionUser;
  } catch {
    return undefined;
  }
}

async function cacheSession(db: Db, user: SessionUser, expiresAt: Date) {
  const ttl = Math.min(SESSION_CACHE_MS, expiresAt.getTime() - Date.now());
  if (ttl < 1000) return;
  await redisOf(db)?.run((c) =>
    c.sendCommand([
      'EVAL',
      FILL_LUA,
      '3',
      entryKey(user.sessionId),
      sessionMark(user.sessionId),
      USER_MARK + user.id,
      JSON.stringify(user),
      String(ttl),
    ]),
  );
}

/** Drops the cached copy of one session (it ended or changed). */
export async function forgetSession(db: Db, sessionId: string) {
  await redisOf(db)?.run((c) =>
    c.multi().del(entryKey(sessionId)).set(sessionMark(sessionId), '1', { PX: MARK_MS }).exec(),
  );
}

/** Drops the cached copies of every session of a user (role, lock, profile changed). */
export async function forgetUserSessions(db: Db, userId: string) {
  await redisOf(db)?.run((c) => c.set(USER_MARK + userId, '1', { PX: MARK_MS }));
}

export async function destroySession(db: Db, sessionId: string) {
  await db.delete(s.sessions).where(eq(s.sessions.id, sessionId));
  await forgetSession(db, sessionId);
}

export async function destroyUserSessions(db: Db, userId: string) {
  await forgetUserSessions(db, userId);
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
  const hit = await cachedSession(db, id);
  if (hit) return hit;
  const [row] = await db
    .select({
      id: s.users.id,
      name: s.users.name,
      email: s.users.email,
      phone: s.users.phone,
      role: s.users.role,
      lastSeenAt: s.sessions.lastSeenAt,
      expiresAt: s.sessions.expiresAt,
    })
    .from(s.sessions)
    .innerJoin(s.users, eq(s.users.id, s.sessions.userId))
    .where(
      // A locked account's sessions were ended; the check stays here should one be left.
      and(eq(s.sessions.id, id), gt(s.sessions.expiresAt, new Date()), isNull(s.users.lockedAt)),
    );
  if (!row) return null;
  const { lastSeenAt, expiresAt, ...user } = row;
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
  const found: SessionUser = { ...user, role: user.role as SessionUser['role'], sessionId: id };
  if (user.role !== 'Admin') await cacheSession(db, found, expiresAt);
  return found;
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
