import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { conflict, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/schemas.ts';
import { transaction } from '../../lib/tx.ts';
import { queueAlertMatching } from '../alerts/queue.ts';
import { recordAudit } from '../audit/service.ts';
import { defineAttention } from '../audit/attention.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { catalogChanged, like, page, requireConfirm, standingRoutes } from './common.ts';
import { iso } from '../../lib/time.ts';
import * as sc from './schemas.ts';
import type { AdminStore } from './types.ts';

// Stores for staff: find, open, verify (the public badge) and suspend (docs/decisions/0019).

defineAttention({
  key: 'stores.unverified',
  label: 'Stores awaiting verification',
  href: '/admin/cedstore?verified=no&suspended=no',
  // One indexed query (stores_unverified_idx).
  count: async (db) =>
    (
      await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from stores where not verified and suspended_at is null`,
      )
    )[0].n,
});

interface StoreRow {
  id: number;
  name: string;
  url_name: string;
  verified: boolean;
  suspended_at: Date | string | null;
  created_at: Date | string;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  state: string;
  city: string;
  products: number;
  active_products: number;
}

export interface StoresQuery {
  q?: string;
  verified?: string;
  suspended?: string;
  regionId?: number;
  lastId?: number;
  pagesize?: number;
}

async function storeRows(db: Db, where: SQL[], limit: number) {
  return rows<StoreRow>(
    db,
    sql`select st.id, st.name, st.url_name, st.verified, st.suspended_at, st.created_at,
          u.id as owner_id, u.name as owner_name, coalesce(u.email, u.phone) as owner_email, sa.name as state, ci.name as city,
          (select count(*)::int from products p where p.store_id = st.id) as products,
          (select count(*)::int from products p where p.store_id = st.id and p.active) as active_products
        from stores st left join users u on u.id = st.owner_user_id
          join states sa on sa.id = st.state_id join cities ci on ci.id = st.city_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by st.id desc limit ${limit}`,
  );
}

const toStore = (r: StoreRow): AdminStore => ({
  id: r.id,
  name: r.name,
  urlName: r.url_name,
  url: `/store/${r.url_name}`,
  owner: r.owner_id ? { id: r.owner_id, name: r.owner_name!, email: r.owner_email! } : null,
  state: r.state,
  city: r.city,
  verified: r.verified,
  suspended: r.suspended_at !== null,
  suspendedAt: iso(r.suspended_at),
  products: r.products,
  activeProducts: r.active_products,
  createdAt: iso(r.created_at)!,
});

export function adminStoresService(app: FastifyInstance) {
  const db = app.db;
  const bell = notificationsService(app);

  async function one(id: number, tx: Db = db) {
    const [r] = await storeRows(tx, [sql`st.id = ${id}`], 1);
    if (!r) throw notFound(`No store with id ${id}`);
    return toStore(r);
  }

  /** Locks the store's row for the rest of the transaction (two staff acting take turns). */
  async function lock(tx: Db, id: number) {
    const [r] = await rows<{
      verified: boolean;
      suspended_at: unknown;
      owner_user_id: string | null;
      name: string;
    }>(
      tx,
      sql`select verified, suspended_at, owner_user_id, name from stores where id = ${id} for update`,
    );
    if (!r) throw notFound(`No store with id ${id}`);
    return r;
  }

  return {
    one,
    async list(qy: StoresQuery) {
      const where: SQL[] = [];
      const text = qy.q?.trim();
      if (text) {
        const l = like(text);
        where.push(
          sql`(st.name ilike ${l} or st.url_name ilike ${l} or u.email ilike ${l} or u.name ilike ${l}${
            /^\d{1,9}$/.test(text) ? sql` or st.id = ${Number(text)}` : sql``
          })`,
        );
      }
      if (qy.verified === 'yes') where.push(sql`st.verified`);
      if (qy.verified === 'no') where.push(sql`not st.verified`);
      if (qy.suspended === 'yes') where.push(sql`st.suspended_at is not null`);
      if (qy.suspended === 'no') where.push(sql`st.suspended_at is null`);
      if (qy.regionId) where.push(sql`st.state_id = ${qy.regionId}`);
      if (qy.lastId) where.push(sql`st.id < ${qy.lastId}`);
      const size = qy.pagesize ?? 50;
      const got = page((await storeRows(db, where, size + 1)).map(toStore), size);
      return { status: true as const, ...got };
    },

    async verify(actorId: string, id: number, verified: boolean, note: string) {
      const item = await transaction(db, async (tx) => {
        const before = await lock(tx, id);
        if (before.verified === verified)
          throw conflict(`This store is already ${verified ? 'verified' : 'not verified'}`);
        await tx.execute(sql`update stores set verified = ${verified} where id = ${id}`);
        await recordAudit(tx, {
          actorId,
          action: verified ? 'store.verify' : 'store.unverify',
          targetType: 'store',
          targetId: id,
          before: { verified: before.verified },
          after: { verified },
          note,
        });
        return one(id, tx);
      });
      await catalogChanged(app);
      return {
        status: true as const,
        message: `${item.name} is ${verified ? 'verified: its badge shows publicly' : 'no longer verified'}`,
        item,
      };
    },

    /**
     * Suspending hides every product of the store at once (held by 'suspension'; the products
     * trigger keeps them hidden until staff lift it) and tells the owner by notification and
     * e-mail; lifting it puts back exactly the products the suspension hid.
     */
    async suspend(actorId: string, id: number, suspended: boolean, note: string, confirm: unknown) {
      if (suspended) requireConfirm(confirm, 'suspend this store');
      const notices: Notice[] = [];
      const item = await transaction(db, async (tx) => {
        const before = await lock(tx, id);
        if ((before.suspended_at !== null) === suspended)
          throw conflict(`This store is already ${suspended ? 'suspended' : 'open'}`);
        let changed: number;
        if (suspended) {
          await tx.execute(sql`update stores set suspended_at = now() where id = ${id}`);
          changed = (
            await rows<{ n: number }>(
              tx,
              sql`with h as (update products set held_by = 'suspension'
                    where store_id = ${id} and active and held_by is null returning 1)
                  select count(*)::int as n from h`,
            )
          )[0].n;
        } else {
          await tx.execute(sql`update stores set suspended_at = null where id = ${id}`);
          const shown = await rows<{ prod_id: number }>(
            tx,
            sql`update products set held_by = null, active = true
                where store_id = ${id} and held_by = 'suspension' returning prod_id`,
          );
          changed = shown.length;
          // Back on sale: saved searches and price alerts look at them again.
          await queueAlertMatching(
            tx,
            shown.map((r) => r.prod_id),
          );
        }
        await recordAudit(tx, {
          actorId,
          action: suspended ? 'store.suspend' : 'store.unsuspend',
          targetType: 'store',
          targetId: id,
          before: { suspended: !suspended },
          after: { suspended, [suspended ? 'productsHidden' : 'productsShown']: changed },
          note,
        });
        if (before.owner_user_id) {
          const n: Notice = {
            userId: before.owner_user_id,
            type: suspended ? 'store.suspended' : 'store.unsuspended',
            title: suspended
              ? `Your store ${before.name} is suspended: its parts are hidden from buyers. Reason: ${note}`
              : `Your store ${before.name} is open again: its parts are back on sale`,
            link: '/user/store',
            event: { type: suspended ? 'store.suspended' : 'store.unsuspended', storeId: id },
          };
          await bell.record(tx, [n]);
          notices.push(n);
        }
        return one(id, tx);
      });
      await catalogChanged(app);
      await bell.announce(notices);
      return {
        status: true as const,
        message: suspended
          ? `${item.name} is suspended: its parts are hidden and the owner is told`
          : `${item.name} is open again`,
        item,
      };
    },
  };
}

export default async function adminStoresRoutes(app: FastifyInstance) {
  const svc = adminStoresService(app);
  const tags = ['admin'];
  app.get<{ Querystring: StoresQuery }>(
    '/api/admin/stores',
    {
      schema: {
        tags,
        summary:
          'Stores: search (name, owner), verified, suspended, state; newest first, cursor-paged',
        querystring: sc.storesQuery,
        response: { 200: sc.storesReply },
      },
    },
    async (req) => svc.list(req.query),
  );
  app.get<{ Params: { id: number } }>(
    '/api/admin/stores/:id',
    {
      schema: { tags, summary: 'One store', params: idParam(), response: { 200: sc.storeReply } },
    },
    async (req) => ({ status: true as const, message: '', item: await svc.one(req.params.id) }),
  );
  standingRoutes(app, '/api/admin/stores', 'a store', sc.storeReply, svc);
}
