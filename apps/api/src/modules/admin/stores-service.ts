import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { conflict, notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/time.ts';
import { transaction } from '../../lib/tx.ts';
import { queueAlertMatching } from '../alerts/queue.ts';
import { defineAttention } from '../audit/attention.ts';
import { recordAudit } from '../audit/service.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { catalogChanged, page, requireConfirm } from './common.ts';
import { adminStoresRepository, type StoreRow } from './stores-repository.ts';
import type { AdminStore, AdminStoresQuery } from './types.ts';

// Stores for staff: find, open, verify (the public badge) and suspend (docs/decisions/0019).

defineAttention({
  key: 'stores.unverified',
  label: 'Stores awaiting verification',
  href: '/admin/cedstore?verified=no&suspended=no',
  count: (db) => adminStoresRepository(db).countUnverified(),
});

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
    const [r] = await adminStoresRepository(tx).stores({ id }, 1);
    if (!r) throw notFound(`No store with id ${id}`);
    return toStore(r);
  }

  /** Locks the store's row for the rest of the transaction (two staff acting take turns). */
  async function lock(tx: Db, id: number) {
    const r = await adminStoresRepository(tx).lock(id);
    if (!r) throw notFound(`No store with id ${id}`);
    return r;
  }

  return {
    one,
    async list(qy: AdminStoresQuery) {
      const { pagesize, ...filter } = qy;
      const size = pagesize ?? 50;
      const list = await adminStoresRepository(db).stores(
        { ...filter, q: qy.q?.trim() || undefined },
        size + 1,
      );
      return { status: true as const, ...page(list.map(toStore), size) };
    },

    async verify(actorId: string, id: number, verified: boolean, note: string) {
      const item = await transaction(db, async (tx) => {
        const before = await lock(tx, id);
        if (before.verified === verified)
          throw conflict(`This store is already ${verified ? 'verified' : 'not verified'}`);
        await adminStoresRepository(tx).setVerified(id, verified);
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
        const repo = adminStoresRepository(tx);
        const before = await lock(tx, id);
        if ((before.suspended_at !== null) === suspended)
          throw conflict(`This store is already ${suspended ? 'suspended' : 'open'}`);
        let changed: number;
        if (suspended) changed = await repo.suspend(id);
        else {
          const shown = await repo.unsuspend(id);
          changed = shown.length;
          // Back on sale: saved searches and price alerts look at them again.
          await queueAlertMatching(tx, shown);
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
