import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { badRequest } from '../../lib/errors.ts';
import { Id, nullable } from '../../lib/schemas.ts';
import { placeReply } from './schemas.ts';
import { requireAuth } from '../../lib/session.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

// The signed-in user's place (the header's "Your state"): parts, mechanics and tow vans lists
// default to it. The browser keeps it in a cookie for guests; the account keeps it so the
// same choice follows the user to another phone.

interface PlaceRow {
  state_id: number | null;
  state: string | null;
  city_id: number | null;
  city: string | null;
}

const view = (r: PlaceRow | undefined) =>
  r?.state_id ? { stateId: r.state_id, state: r.state!, cityId: r.city_id, city: r.city } : null;

async function placeOf(db: Db, userId: string) {
  const [r] = await rows<PlaceRow>(
    db,
    sql`select u.state_id, s.name as state, u.city_id, c.name as city from users u
      left join states s on s.id = u.state_id left join cities c on c.id = u.city_id
      where u.id = ${userId}`,
  );
  return view(r);
}

export default async function placeRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const tags = ['account'];
  app.get(
    '/api/user/place',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The signed-in user's state and city (null when not chosen)",
        response: { 200: placeReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send({ status: true, place: await placeOf(app.db, req.user!.id) }),
  );
  app.put(
    '/api/user/place',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "Sets the signed-in user's state (and optionally a city of it); null clears it",
        body: {
          type: 'object',
          required: ['stateId'],
          properties: {
            stateId: nullable(Id()),
            cityId: nullable(Id()),
          },
          additionalProperties: false,
        },
        response: { 200: placeReply },
      },
    },
    async (req, reply) => {
      const { stateId, cityId = null } = req.body;
      if (stateId === null && cityId !== null) throw badRequest('Choose a state before a city');
      if (stateId !== null) {
        const [ok] = await rows<{ state: boolean; city: boolean }>(
          app.db,
          sql`select exists (select 1 from states where id = ${stateId}) as state,
            ${cityId === null ? sql`true` : sql`exists (select 1 from cities where id = ${cityId} and state_id = ${stateId})`} as city`,
        );
        if (!ok.state) throw badRequest('No such state: choose a state from the list');
        if (!ok.city)
          throw badRequest('That city is not in the chosen state: choose one of its cities');
      }
      await app.db.execute(
        sql`update users set state_id = ${stateId}, city_id = ${cityId}, updated_at = now() where id = ${req.user!.id}`,
      );
      return reply.header('cache-control', PRIVATE).send({
        status: true,
        message: stateId === null ? 'Showing all Nigeria' : 'Your place is saved',
        place: await placeOf(app.db, req.user!.id),
      });
    },
  );
}
