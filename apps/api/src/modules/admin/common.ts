import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@sf/db';
import { badRequest } from '../../lib/errors.ts';
import { idParam } from '../../lib/schemas.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { suspendBody, verifyBody } from './schemas.ts';
import { invalidateCatalogLists, invalidateCategories } from '../catalog/service.ts';
import { invalidateProviderLists } from '../providers/service.ts';

/** Broadcast after a staff change of the catalogue, so every server process forgets its lists. */
export const ADMIN_CATALOG_CLEAR = 'sys:admin-catalog-clear';

/** Drops every cached list and category answer of this database, here and in every process. */
export async function catalogChanged(app: FastifyInstance) {
  clearCaches(app.db);
  await app.bus.publish(ADMIN_CATALOG_CLEAR, { type: 'cache.clear' });
}

export function clearCaches(db: Db) {
  invalidateCatalogLists(db);
  invalidateCategories(db);
  invalidateProviderLists(db);
}

/** The admin acting (the admin guard has already refused everyone else). */
export const actor = (req: FastifyRequest) => req.user!.id;

/**
 * Destructive actions need an explicit 'I am sure' (docs/decisions/0019): the page's required
 * checkbox, or `confirm: true` from a script. Checked here as well, so no client can skip it.
 */
export function requireConfirm(confirm: unknown, what: string) {
  if (confirm !== true && confirm !== 'on' && confirm !== 'true')
    throw badRequest(`Tick "I am sure" to ${what}: this cannot be undone without staff action`);
}

/** A list page: the first `size` rows and the cursor of the next page (null: no more). */
export function page<T extends { id: number }>(list: T[], size: number) {
  const items = list.slice(0, size);
  return { items, lastId: list.length > size ? items[items.length - 1].id : null };
}

export const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Standing {
  verify(actorId: string, id: number, verified: boolean, note: string): Promise<unknown>;
  suspend(
    actorId: string,
    id: number,
    suspended: boolean,
    note: string,
    confirm: unknown,
  ): Promise<unknown>;
}

/**
 * `POST {base}/:id/verify` and `POST {base}/:id/suspend`: the two standing changes staff make
 * to a store and to a mechanic or tow-van listing alike; `what` names the record in the docs.
 */
export function standingRoutes(
  app: FastifyInstance,
  base: string,
  what: string,
  reply: object,
  svc: Standing,
) {
  const typed = typedRoutes(app);
  const tags = ['admin'];
  typed.post(
    `${base}/:id/verify`,
    {
      schema: {
        tags,
        summary: `Verifies or un-verifies ${what}, with a note for the audit log`,
        params: idParam(),
        body: verifyBody,
        response: { 200: reply },
      },
    },
    async (req) => svc.verify(actor(req), req.params.id, req.body.verified, req.body.note),
  );
  typed.post(
    `${base}/:id/suspend`,
    {
      schema: {
        tags,
        summary: `Suspends ${what} (hidden everywhere, the owner is told; needs confirm) or lifts it`,
        params: idParam(),
        body: suspendBody,
        response: { 200: reply },
      },
    },
    async (req) =>
      svc.suspend(actor(req), req.params.id, req.body.suspended, req.body.note, req.body.confirm),
  );
}
