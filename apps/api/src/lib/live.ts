import type { FastifyInstance } from 'fastify';
import websocket, { type WebSocket } from '@fastify/websocket';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
import { guestChannel, STAFF_CHANNEL, userChannel } from './bus.ts';
import { guestIdOf } from './chat-guest.ts';
import { isSameOrigin } from './csrf.ts';
import { forbidden, unauthorized } from './errors.ts';
import {
  ADMIN_IDLE_MS,
  isSessionsEnded,
  SESSIONS_CHANNEL,
  type SessionsEnded,
  type SessionUser,
} from './session.ts';

/** The one WebSocket endpoint of the browser (decision 0015). */
export const LIVE_PATH = '/api/live';
/** A ping this often keeps proxies from closing an idle socket and finds dead ones. */
const PING_MS = 25_000;
/** The browser never sends more than a ping-sized message; anything bigger is refused. */
const MAX_MESSAGE_BYTES = 4 * 1024;
/**
 * How often every open socket's session is checked against the table, in one query per process:
 * the backstop for an end this process never heard of (Redis pub/sub down between machines).
 */
export const RECHECK_MS = 60_000;
/** The close code of a socket whose session ended or whose account changed (4000-4999: ours). */
export const SESSION_ENDED_CODE = 4001;
/** How long an end heard on the bus is remembered for sockets still being opened. */
const HEARD_MS = 10_000;

interface Open {
  user: SessionUser;
  close(): void;
}

/** The sessions among `ids` that are still valid, with their user's role and last request. */
async function validSessions(db: Db, ids: string[]) {
  const found = new Map<string, { role: string; lastSeenAt: Date }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: s.sessions.id, role: s.users.role, lastSeenAt: s.sessions.lastSeenAt })
      .from(s.sessions)
      .innerJoin(s.users, eq(s.users.id, s.sessions.userId))
      .where(
        and(
          inArray(s.sessions.id, ids.slice(i, i + 500)),
          gt(s.sessions.expiresAt, new Date()),
          isNull(s.users.lockedAt),
        ),
      );
    for (const r of rows) found.set(r.id, { role: r.role, lastSeenAt: new Date(r.lastSeenAt) });
  }
  return found;
}

/** Does the table still back this socket's user as it was when the socket opened? */
const stillValid = (
  user: SessionUser,
  row: { role: string; lastSeenAt: Date } | undefined,
): boolean =>
  Boolean(row) &&
  row!.role === user.role &&
  (user.role !== 'Admin' || Date.now() - row!.lastSeenAt.getTime() <= ADMIN_IDLE_MS);

/**
 * `GET /api/live`: a signed-in user's socket. The session cookie authenticates the upgrade
 * (a guest without a chat cookie gets 401, another site's page 403); the socket then receives,
 * as JSON text frames, every event published on the bus channel `user:<their id>` (an admin's
 * also `staff:support`; a guest with a chat cookie only `guest:<its hash>`, decision 0017),
 * from any process or machine.
 * A socket lives no longer than its session (decision 0010): when sessions end (logout, password,
 * lock, role change, an admin's "end sessions") every process hears it on the bus and closes the
 * sockets they opened with code 4001; an admin's socket joins the staff channel only after the
 * table confirms the role; and every RECHECK_MS all open sockets are checked in one query.
 * The first frame is `{type:'hello'}`. Browsers reconnect with backoff (apps/web/app/lib/live.ts)
 * and reload what they show, since events sent while a socket was down are not replayed.
 */
export async function installLive(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const byUser = new Map<string, Set<Open>>();
  /** When an end was heard, by `s:<session>` and `u:<user>`, for sockets opening meanwhile. */
  const heard = new Map<string, number>();
  const readAt = new WeakMap<object, number>();

  const endedFor = (e: SessionsEnded) => {
    const at = Date.now();
    for (const k of e.sessionIds?.map((x) => `s:${x}`) ?? [`u:${e.userId}`]) heard.set(k, at);
    for (const [k, t] of heard) if (t < at - HEARD_MS) heard.delete(k);
    for (const o of byUser.get(e.userId) ?? [])
      if (!e.sessionIds || e.sessionIds.includes(o.user.sessionId)) o.close();
  };
  const offEnded = app.bus.subscribe(SESSIONS_CHANNEL, (e) => {
    if (isSessionsEnded(e)) endedFor(e);
  });

  const recheckMs = app.config.liveRecheckMs ?? RECHECK_MS;
  let checking = false;
  const recheck = setInterval(async () => {
    if (checking || byUser.size === 0) return;
    checking = true;
    try {
      const open = [...byUser.values()].flatMap((set) => [...set]);
      const valid = await validSessions(app.db, [...new Set(open.map((o) => o.user.sessionId))]);
      for (const o of open) if (!stillValid(o.user, valid.get(o.user.sessionId))) o.close();
    } catch (e) {
      app.log.error({ err: e }, 'live: checking open sockets failed');
    } finally {
      checking = false;
    }
  }, recheckMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(recheck);
    offEnded();
  });

  /** Tracks a signed-in user's socket until it closes; false when its session already ended. */
  const track = (user: SessionUser, socket: WebSocket, since: number): (() => void) | false => {
    const ended = [`s:${user.sessionId}`, `u:${user.id}`].some((k) => (heard.get(k) ?? 0) >= since);
    if (ended) return false;
    const o: Open = { user, close: () => socket.close(SESSION_ENDED_CODE, 'session ended') };
    let set = byUser.get(user.id);
    if (!set) byUser.set(user.id, (set = new Set()));
    set.add(o);
    return () => {
      set.delete(o);
      if (set.size === 0 && byUser.get(user.id) === set) byUser.delete(user.id);
    };
  };

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      // Browsers do not apply CORS to WebSocket: a page elsewhere could open one with the cookie.
      preValidation: async (req, reply) => {
        // When the session was read (at the request's start): ends heard after it count.
        readAt.set(req, Date.now() - reply.elapsedTime);
        if (!isSameOrigin(req, app.config.publicUrl)) throw forbidden();
        // A guest is let in only with a chat cookie: their support thread is all they follow.
        if (!req.user && !guestIdOf(req)) throw unauthorized();
      },
      schema: {
        tags: ['live'],
        summary:
          "The signed-in user's live events over WebSocket ({type, …} JSON frames; first {type:'hello'})",
        response: { 101: { description: 'Switching to WebSocket', type: 'null' } },
      },
    },
    (socket, req) => {
      const user = req.user;
      const send = (event: unknown) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      const offs: (() => void)[] = [];
      let closed = false;
      let alive = true;
      const ping = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_MS);
      socket.on('pong', () => (alive = true));
      // The browser's own keep-alive: answered, nothing else is accepted from it.
      socket.on('message', (raw) => {
        if (String(raw) === 'ping') send({ type: 'pong' });
      });
      socket.on('close', () => {
        closed = true;
        clearInterval(ping);
        for (const off of offs) off();
      });

      if (!user) {
        offs.push(app.bus.subscribe(guestChannel(guestIdOf(req)!), send));
        send({ type: 'hello' });
        return;
      }
      // Tracked before anything is subscribed, so an end heard from now on closes it.
      const untrack = track(user, socket, readAt.get(req) ?? 0);
      if (!untrack) return socket.close(SESSION_ENDED_CODE, 'session ended');
      offs.push(untrack, app.bus.subscribe(userChannel(user.id), send));
      if (user.role !== 'Admin') return send({ type: 'hello' });
      // Every user's support messages: the table, not a cached copy, confirms the role first.
      void validSessions(app.db, [user.sessionId]).then(
        (valid) => {
          if (closed) return;
          if (!stillValid(user, valid.get(user.sessionId)))
            return socket.close(SESSION_ENDED_CODE, 'session ended');
          offs.push(app.bus.subscribe(STAFF_CHANNEL, send));
          send({ type: 'hello' });
        },
        () => socket.close(1011, 'try again'),
      );
    },
  );
}
