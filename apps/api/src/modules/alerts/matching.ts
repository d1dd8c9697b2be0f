/**
 * Matching and telling. Whoever writes products (a seller's form, the CSV import, staff) queues
 * the alerts.match job with the ids it wrote (queue.ts); the job records which saved searches
 * and price alerts they match, then tells each user, grouped: one notice per alert however many
 * parts it found ("12 new parts match 'headlamp corolla 2010 in Lagos'"), at most
 * ALERT_NOTICES_PER_DAY a Lagos day per user; past that, matches wait for the next day's
 * delivery (the hourly alerts.deliver schedule). Notices go only through
 * notificationsService.record (docs/decisions/0027), which brings every channel.
 */
import type { FastifyInstance } from 'fastify';
import { ALERT_NOTICES_PER_DAY, formatKoboShort } from '@sf/shared';
import { transaction } from '../../lib/tx.ts';
import { HttpError } from '../../lib/errors.ts';
import { productsService } from '../catalog/service.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { alertsRepository, type AlertRow, type PendingRow } from './repository.ts';
import { searchFilters } from './service.ts';

/** Products a saved search is checked against in one query. */
const CHUNK = 500;

const quote = (s: string) => `“${s.length > 60 ? `${s.slice(0, 59)}…` : s}”`;

/** The list filters of a saved search, as the catalogue's list reads them. */
function listFilters(a: AlertRow) {
  const f = searchFilters(a);
  const n = (k: string) => (f[k] ? Number(f[k]) : undefined);
  return {
    prodName: f.prodName,
    partcategory: n('partcategory'),
    carmake: n('carmake'),
    carmodel: n('carmodel'),
    caryear: n('caryear'),
    regionId: n('regionId'),
    city: n('city'),
    condition: n('condition'),
  };
}

export function alertsMatcher(app: FastifyInstance) {
  const db = app.db;
  const repo = alertsRepository(db);
  const bell = notificationsService(app);
  // Matching reads the catalogue as it is now: no list cache.
  const catalog = productsService(db, { listCacheMs: 0 });

  /** Records the saved searches' and price alerts' matches among `prodIds`; answers the users to tell. */
  async function match(prodIds: number[]): Promise<Set<string>> {
    const users = new Set<string>();
    for (let i = 0; i < prodIds.length; i += CHUNK) {
      const ids = prodIds.slice(i, i + CHUNK);
      for (const u of await repo.priceDrops(ids)) users.add(u);
      const written = await repo.written(ids);
      if (written.length === 0) continue;
      for (const a of await repo.candidateSearches(written)) {
        // Never the user's own store, only parts listed after the search was saved, and the
        // place, category and condition checked here before the catalogue reads words and fit.
        const saved = new Date(a.created_at).getTime();
        const possible = written.filter(
          (p) =>
            p.owner_user_id !== a.user_id &&
            new Date(p.created_at).getTime() >= saved &&
            (a.state_id === null || a.state_id === p.state_id) &&
            (a.city_id === null || a.city_id === p.city_id) &&
            (a.cat_id === null || a.cat_id === p.cat_id || a.cat_id === p.top_cat_id) &&
            (a.condition === null || a.condition === p.condition),
        );
        if (possible.length === 0) continue;
        let found: number[];
        try {
          found = await catalog.matching(
            listFilters(a),
            possible.map((p) => p.prod_id),
          );
        } catch (e) {
          // A category staff removed since: the search matches nothing, the others go on.
          if (e instanceof HttpError && e.statusCode < 500) continue;
          throw e;
        }
        const price = new Map(possible.map((p) => [p.prod_id, Number(p.price_kobo)]));
        const fresh = await repo.addMatches(
          a.id,
          found.map((prodId) => ({ prodId, priceKobo: price.get(prodId)! })),
        );
        if (fresh.length) users.add(a.user_id);
      }
    }
    return users;
  }

  /**
   * Tells one user of their waiting matches: one notice per alert, within the day's cap; when
   * more alerts wait than the cap has room for, the last notice sums up the rest. The user's row
   * is locked, so two deliveries at once count each other's notices.
   */
  async function deliver(userId: string) {
    const notices = await transaction(db, async (tx) => {
      await repo.lockUser(tx, userId);
      const waiting = await repo.pending(tx, userId);
      if (waiting.length === 0) return [];
      const dropped = waiting.filter((w) => !w.live);
      const groups = new Map<string, PendingRow[]>();
      for (const w of waiting)
        if (w.live) groups.set(w.alert_id, [...(groups.get(w.alert_id) ?? []), w]);
      const room = ALERT_NOTICES_PER_DAY - (await repo.noticesToday(tx, userId));
      const all = [...groups.values()];
      const told: PendingRow[][] =
        room <= 0 ? [] : all.length <= room ? all : all.slice(0, room - 1);
      const summed = room > 0 && all.length > room ? all.slice(room - 1) : [];
      const out: Notice[] = told.map((g) => noticeOf(userId, g));
      if (summed.length)
        out.push({
          userId,
          type: 'alert.more',
          title: `${summed.length} more of your saved searches and alerts found parts: see them all`,
          link: '/user/alerts',
          event: { type: 'alert.more' },
        });
      await repo.markNotified(
        tx,
        [...dropped, ...told.flat(), ...summed.flat()].map((w) => ({
          alertId: w.alert_id,
          productId: w.product_id,
        })),
      );
      await bell.record(tx, out);
      return out;
    });
    await bell.announce(notices);
    return notices.length;
  }

  return {
    match,
    deliver,
    /** The job: match, then tell the users concerned. */
    async run(prodIds: number[]) {
      for (const u of await match(prodIds)) await deliver(u);
    },
    /** The hourly schedule: matches held by yesterday's cap (or a failed delivery) go out. */
    async deliverWaiting() {
      let n = 0;
      for (const u of await repo.waitingUsers(1000)) n += await deliver(u);
      return n;
    },
  };
}

function noticeOf(userId: string, g: PendingRow[]): Notice {
  const a = g[0];
  const event = { type: `alert.${a.kind}`, alertId: a.alert_id };
  if (a.kind === 'price') {
    const price = Number(a.price_kobo);
    return {
      userId,
      type: 'alert.price',
      title: `Cheaper now: ${a.product_name} is ${formatKoboShort(price)} (was ${formatKoboShort(Number(a.saved_price_kobo))} when you saved it)`,
      link: `/product/${a.product_id}`,
      event,
    };
  }
  if (g.length === 1)
    return {
      userId,
      type: 'alert.search',
      title: `New part for ${quote(a.label)}: ${a.product_name}, ${formatKoboShort(Number(a.price_kobo))}`,
      link: `/product/${a.product_id}`,
      event,
    };
  return {
    userId,
    type: 'alert.search',
    title: `${g.length.toLocaleString('en-NG')} new parts match ${quote(a.label)}`,
    link: `/user/alerts/${a.alert_id}`,
    event,
  };
}
