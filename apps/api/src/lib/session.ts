import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schema as s, type Db } from '@sf/db';
import { SESSION_COOKIE, type Role } from '@sf/shared';
import { forbidden, unauthorized } from './errors.ts';
import type { Bus, LiveEvent } from './bus.ts';
import { metrics } from './metrics.ts';
import { redisOf, type RedisClient, type SharedRedis } from './redis.ts';
import { afterCommit } from './tx.ts';
import { isInProcess } from './in-process.ts';

export { SESSION_COOKIE };
export const SESSION_DAYS = 30;
/** Staff sessions end after this long without a request (docs/decisions/0019). */
export const ADMIN_IDLE_MS = 30 * 60_000;
/** last_seen_at is written at most this often per session: a write per request would be waste. */
const SEEN_EVERY_MS = 60_000;

export interface SessionUser {
  id: string;
  name: string;
  /** Null for an account made with a phone number alone (decision 0029). */
  email: string | null;
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
/** Keys under the site's REDIS_KEY_PREFIX (lib/redis.ts). */
export const sessionEntryKey = (prefix: string, sessionId: string) => `${prefix}sess:${sessionId}`;
const sessionMark = (prefix: string, sessionId: string) => `${prefix}sess-off:s:${sessionId}`;
const userMarks = (prefix: string) => `${prefix}sess-off:u:`;

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
  if (!(await cacheUsable(db))) return undefined;
  const redis = redisOf(db);
  const p = redis?.prefix ?? '';
  const got = await redis?.run(
    (c) =>
      c.sendCommand([
        'EVAL',
        READ_LUA,
        '2',
        sessionEntryKey(p, id),
        sessionMark(p, id),
        userMarks(p),
      ]) as Promise<string | null>,
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
  if (ttl < 1000 || !(await cacheUsable(db))) return;
  const redis = redisOf(db);
  const p = redis?.prefix ?? '';
  await redis?.run((c) =>
    c.sendCommand([
      'EVAL',
      FILL_LUA,
      '3',
      sessionEntryKey(p, user.sessionId),
      sessionMark(p, user.sessionId),
      userMarks(p) + user.id,
      JSON.stringify(user),
      String(ttl),
    ]),
  );
}

/*
 * A forget that could not reach Redis (down, slow) is kept and sent again until it is through;
 * meanwhile this process neither reads nor fills the cache, and every other process has been
 * told on the bus (endSessions), so no one trusts an entry that should have gone.
 */
type Forget = (c: RedisClient, prefix: string) => Promise<unknown>;
const unsent = new WeakMap<SharedRedis, { ops: Map<string, Forget>; timer?: NodeJS.Timeout }>();
const RESEND_MS = 1000;

async function sendForgets(redis: SharedRedis) {
  const q = unsent.get(redis);
  if (!q) return;
  for (const [key, op] of q.ops) if (await redis.run((c) => op(c, redis.prefix))) q.ops.delete(key);
  if (q.ops.size === 0) {
    clearInterval(q.timer);
    unsent.delete(redis);
  }
}

async function forgetNow(db: Db, key: string, op: Forget) {
  const redis = redisOf(db);
  if (!redis || (await redis.run((c) => op(c, redis.prefix)))) return;
  let q = unsent.get(redis);
  if (!q) unsent.set(redis, (q = { ops: new Map() }));
  q.ops.set(key, op);
  q.timer ??= setInterval(() => void sendForgets(redis), RESEND_MS).unref();
}

/**
 * Is the cache usable here? Not while a forget of this process waits to be sent, and not for
 * SESSION_CACHE_MS after this process lost Redis and got it back: a machine cut off from Redis
 * while it ended a session could neither drop the entry nor tell the others on the bus, so
 * entries from before the outage are not trusted until they have expired.
 */
async function cacheUsable(db: Db): Promise<boolean> {
  const redis = redisOf(db);
  if (!redis) return false;
  if (redis.reconnectedAt && Date.now() - redis.reconnectedAt < SESSION_CACHE_MS) return false;
  if (unsent.has(redis)) await sendForgets(redis);
  return !unsent.has(redis);
}

/** Drops the cached copy of one session (it ended or changed). */
export async function forgetSession(db: Db, sessionId: string) {
  await forgetNow(db, `s:${sessionId}`, (c, p) =>
    c
      .multi()
      .del(sessionEntryKey(p, sessionId))
      .set(sessionMark(p, sessionId), '1', { PX: MARK_MS })
      .exec(),
  );
}

/** Drops the cached copies of every session of a user (role, lock, profile changed). */
export async function forgetUserSessions(db: Db, userId: string) {
  await forgetNow(db, `u:${userId}`, (c, p) => c.set(userMarks(p) + userId, '1', { PX: MARK_MS }));
}

/** Why sessions end (the `reason` of metrics.sessionsEnded). */
export type EndReason = 'logout' | 'password' | 'locked' | 'role' | 'admin';

/** The bus channel on which every process hears of ended sessions (lib/live.ts closes sockets). */
export const SESSIONS_CHANNEL = 'sys:sessions';

export interface SessionsEnded extends LiveEvent {
  type: 'sessions.ended';
  userId: string;
  /** null: every session of the user (their sockets all close, whatever session opened them). */
  sessionIds: string[] | null;
  reason: EndReason;
}

export const isSessionsEnded = (e: LiveEvent): e is SessionsEnded =>
  e.type === 'sessions.ended' && typeof e.userId === 'string';

export interface SessionEnd {
  userId: string;
  /** Only these sessions of the user; all of them when unset. */
  sessionIds?: string[];
  reason: EndReason;
}

/**
 * The one way sessions end: logout, a new login on the same browser, a password change or
 * reset, a lock, a role change and an admin's "end sessions" all call it (decision 0010).
 * - the rows are deleted in `db` (a transaction when the caller has one open);
 * - the Redis cache entries are dropped and marked at once (a forget Redis missed is resent);
 * - once the change is committed, every process (other workers, other machines through Redis)
 *   hears it on the bus: it stops trusting any cached copy and closes the sockets those
 *   sessions opened (lib/live.ts), so a reconnect meets the new state of the account.
 * Returns the ids of the sessions that ended.
 */
export async function endSessions(db: Db, bus: Bus, end: SessionEnd): Promise<string[]> {
  const { userId, sessionIds, reason } = end;
  if (sessionIds?.length === 0) return [];
  // Marked before the delete: a request that read the rows just before cannot cache them again.
  if (!sessionIds) await forgetUserSessions(db, userId);
  for (const id of sessionIds ?? []) await forgetSession(db, id);
  const ended = await db
    .delete(s.sessions)
    .where(
      sessionIds
        ? and(eq(s.sessions.userId, userId), inArray(s.sessions.id, sessionIds))
        : eq(s.sessions.userId, userId),
    )
    .returning({ id: s.sessions.id });
  const ids = ended.map((x) => x.id);
  await afterCommit(db, async () => {
    if (ids.length) metrics.sessionsEnded.inc({ reason }, ids.length);
    const event: SessionsEnded = {
      type: 'sessions.ended',
      userId,
      sessionIds: sessionIds ?? null,
      reason,
    };
    await bus.publish(SESSIONS_CHANNEL, event);
  });
  return ids;
}

/** A staff session idle too long: its row goes (its sockets close at the next check, lib/live.ts). */
async function expireSession(db: Db, sessionId: string) {
  await db.delete(s.sessions).where(eq(s.sessions.id, sessionId));
  await forgetSession(db, sessionId);
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

/**
 * The look-up of a session and its user, built into SQL once per database: every signed-in
 * request makes it, and Drizzle building it anew each time (about 0.1 ms of CPU) cost more
 * than PostgreSQL running it.
 */
const lookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();
const buildSessionLookup = (db: Db) =>
  db
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
      and(
        eq(s.sessions.id, sql.placeholder('id')),
        gt(s.sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        isNull(s.users.lockedAt),
      ),
    )
    .prepare('sf_session_user');
function sessionLookup(db: Db) {
  let q = lookups.get(db);
  if (!q) lookups.set(db, (q = buildSessionLookup(db)));
  return q;
}

async function findSessionUser(
  db: Db,
  token: string,
  endedHere: RecentEnds,
): Promise<SessionUser | null> {
  const id = hashToken(token);
  const hit = await cachedSession(db, id);
  // A cached copy of a session another process just ended is not trusted: the table decides.
  if (hit && !endedHere.has(hit)) return hit;
  const [row] = await sessionLookup(db).execute({ id, now: new Date().toISOString() });
  if (!row) return null;
  const { lastSeenAt, expiresAt, ...user } = row;
  // An Admin's session idle for 30 minutes is over: a staff laptop left open is not left signed in.
  if (user.role === 'Admin') {
    const idle = Date.now() - new Date(lastSeenAt).getTime();
    if (idle > ADMIN_IDLE_MS) {
      await expireSession(db, id);
      return null;
    }
    if (idle > SEEN_EVERY_MS)
      await db.update(s.sessions).set({ lastSeenAt: new Date() }).where(eq(s.sessions.id, id));
  }
  const found: SessionUser = { ...user, role: user.role as SessionUser['role'], sessionId: id };
  if (user.role !== 'Admin') await cacheSession(db, found, expiresAt);
  return found;
}

interface RecentEnds {
  add(e: SessionsEnded): void;
  has(u: SessionUser): boolean;
}

/** The sessions and users ended lately (as long as a cached copy may live), heard on the bus. */
function recentEnds(): RecentEnds {
  const until = new Map<string, number>();
  const live = (k: string) => {
    const t = until.get(k);
    if (t === undefined) return false;
    if (t > Date.now()) return true;
    until.delete(k);
    return false;
  };
  return {
    add(e) {
      const t = Date.now() + MARK_MS;
      for (const k of e.sessionIds?.map((x) => `s:${x}`) ?? [`u:${e.userId}`]) until.set(k, t);
      // Bounded: ends are rare, and the oldest would have expired from the cache first.
      if (until.size > 10_000) until.delete(until.keys().next().value!);
    },
    has: (u) => live(`s:${u.sessionId}`) || live(`u:${u.id}`),
  };
}

/**
 * Reads the session cookie on every request: request.user is the signed-in user or null.
 * A request holding a live session pass (an in-process call made while serving a request,
 * see sessionPass) takes that request's user instead of looking the session up again. The
 * pass is 128 random bits, valid only while that request is served and only for in-process
 * calls: a visitor cannot forge one.
 */
export function installSessions(app: FastifyInstance) {
  const ended = recentEnds();
  const off = app.bus.subscribe(SESSIONS_CHANNEL, (e) => {
    if (isSessionsEnded(e)) ended.add(e);
  });
  app.addHook('onClose', async () => off());
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
    req.user = token && token.length <= 100 ? await findSessionUser(app.db, token, ended) : null;
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
