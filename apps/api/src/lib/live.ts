import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { guestChannel, STAFF_CHANNEL, userChannel } from './bus.ts';
import { guestIdOf } from './chat-guest.ts';
import { isSameOrigin } from './csrf.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The one WebSocket endpoint of the browser (decision 0015). */
export const LIVE_PATH = '/api/live';
/** A ping this often keeps proxies from closing an idle socket and finds dead ones. */
const PING_MS = 25_000;
/** The browser never sends more than a ping-sized message; anything bigger is refused. */
const MAX_MESSAGE_BYTES = 4 * 1024;

/**
 * `GET /api/live`: a signed-in user's socket. The session cookie authenticates the upgrade
 * (a guest without a chat cookie gets 401, another site's page 403); the socket then receives,
 * as JSON text frames, every event published on the bus channel `user:<their id>` (an admin's
 * also `staff:support`; a guest with a chat cookie only `guest:<its hash>`, decision 0017),
 * from any process or machine.
 * The first frame is `{type:'hello'}`. Browsers reconnect with backoff (apps/web/app/lib/live.ts)
 * and reload what they show, since events sent while a socket was down are not replayed.
 */
export async function installLive(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.get(
    LIVE_PATH,
    {
      websocket: true,
      // Browsers do not apply CORS to WebSocket: a page elsewhere could open one with the cookie.
      preValidation: async (req) => {
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
      const channels = user
        ? [userChannel(user.id), ...(user.role === 'Admin' ? [STAFF_CHANNEL] : [])]
        : [guestChannel(guestIdOf(req)!)];
      const send = (event: unknown) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      const offs = channels.map((c) => app.bus.subscribe(c, send));
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
        clearInterval(ping);
        for (const off of offs) off();
      });
      send({ type: 'hello' });
    },
  );
}
