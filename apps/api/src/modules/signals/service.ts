import type { Db } from '@sf/db';
import { formatKoboShort } from '@sf/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import type { SessionUser } from '../../lib/session.ts';
import { claimContradicts, claimMatcher, medianFor, PRICE_RATIO, priceTooLow } from './rules.ts';
import {
  catalogueMaker,
  formatMaker,
  normPart,
  outsideFamily,
  usablePart,
  type Peer,
} from './partnumbers.ts';
import {
  signalsRepository,
  type FoundSignal as Found,
  type ProductScope,
  type SignalRow,
} from './repository.ts';
import type { SignalItem, SignalList } from './types.ts';

/** At most this many other listings are judged again after one is created or edited. */
const PEERS_REJUDGED = 200;

/**
 * Judges the given products (all of them, or a store's, when `ids` is left out, in pages) and
 * writes what holds:
 * a signal that no longer holds goes; one staff cleared comes back only when what was judged
 * (its basis) changed. Answers how many signals are open among the products judged.
 *
 * Other listings of the same part numbers are judged again too (not counted): the
 * products judged may be the evidence, or move the median, that decides theirs. `formerParts`
 * are numbers the products had before an edit, whose listings may have lost their evidence.
 */
export async function checkSignals(
  db: Db,
  ids?: number[],
  storeId?: number,
  formerParts: (string | null)[] = [],
): Promise<number> {
  const repo = signalsRepository(db);
  const claimOf = claimMatcher(await repo.makeNames());
  if (ids) {
    if (!ids.length) return 0;
    const open = await judge(db, ids, claimOf);
    const former = formerParts.map((n) => normPart(n ?? '')).filter(usablePart);
    const peers = await repo.peersOf(ids, former, PEERS_REJUDGED);
    if (peers.length) await judge(db, peers, claimOf);
    return open;
  }
  const open = await inPages(db, storeId ? { store: storeId } : { all: true }, (page) =>
    judge(db, page, claimOf),
  );
  // After a store's import: every other store's listing of the numbers it lists.
  if (storeId) {
    const partNumbers = await repo.usablePartNumbers(storeId);
    if (partNumbers.length)
      await inPages(db, { peersOf: { store: storeId, partNumbers } }, (page) =>
        judge(db, page, claimOf),
      );
  }
  return open;
}

/** Runs `fn` over the products of `scope`, 1000 at a time; sums its answers. */
async function inPages(db: Db, scope: ProductScope, fn: (ids: number[]) => Promise<number>) {
  const repo = signalsRepository(db);
  let n = 0;
  for (let after = 0; ;) {
    const page = await repo.page(scope, after);
    if (!page.length) return n;
    n += await fn(page);
    after = page[page.length - 1];
  }
}

async function judge(db: Db, ids: number[], claimOf: (text: string) => string | null) {
  const repo = signalsRepository(db);
  const products = await repo.judged(ids);
  const peersOf = await partPeers(
    db,
    products.filter((p) => p.makes?.length && usablePart(p.pn)).map((p) => p.pn),
  );
  const found: Found[] = [];
  for (const p of products) {
    const claimed = claimOf(p.text);
    const makes = [...(p.makes ?? [])].sort();
    if (claimed && claimContradicts(claimed, makes))
      found.push({
        productId: p.prod_id,
        kind: 'make_mismatch',
        basis: `${claimed}|${makes.join(',')}`,
        detail: `Says genuine ${claimed}, but fits ${makes.join(', ')}`,
      });
    const peers = (peersOf.get(p.pn) ?? []).filter((q) => q.storeId !== p.store_id);
    const number = partNumberSignal(p.prod_id, p.part_number, p.pn, makes, peers);
    if (number) found.push(number);
    const m = medianFor(
      { median: p.pn_median, listings: p.pn_listings },
      { median: p.median, listings: p.listings },
    );
    if (p.active && priceTooLow(Number(p.paid), m.median, m.listings))
      found.push({
        productId: p.prod_id,
        kind: 'low_price',
        basis: String(p.paid),
        detail: `${formatKoboShort(Number(p.paid))} is under ${PRICE_RATIO * 100}% of the median ${formatKoboShort(
          Math.round(m.median!),
        )} of ${
          m.by === 'part' ? `part number ${p.part_number}` : "the category's listings"
        } (${m.listings} listings)`,
      });
  }
  // What no longer holds goes (cleared or not): a listing fixed by its seller leaves the list.
  // One cleared by staff stays cleared while its basis is unchanged.
  await repo.replace(ids, found);
  return repo.openAmong(ids);
}

type StorePeer = Peer & { storeId: number };

/**
 * Active listings with fitment data, by normalized part number (one query per page). A store's
 * own listings are never evidence about its listing, for or against: a seller could otherwise
 * list a number twice to vouch for it.
 */
async function partPeers(db: Db, pns: string[]) {
  const by = new Map<string, StorePeer[]>();
  if (!pns.length) return by;
  const found = await signalsRepository(db).partPeers([...new Set(pns)]);
  for (const r of found)
    by.set(r.pn, [
      ...(by.get(r.pn) ?? []),
      { storeId: r.store_id, verified: r.verified, makes: r.makes },
    ]);
  return by;
}

/**
 * The part-number signal: the number's format names a maker family (that decides, the catalogue
 * is not asked), or else other stores' listings of the number name one; either way none of the listing's
 * makes is in it. No fitment data or no usable number: nothing is judged.
 */
function partNumberSignal(
  productId: number,
  typed: string | null,
  pn: string,
  makes: string[],
  peers: Peer[],
): Found | null {
  if (!typed || !makes.length || !usablePart(pn)) return null;
  const fits = makes.join(', ');
  const format = formatMaker(typed);
  if (format)
    return outsideFamily(format.make, makes)
      ? {
          productId,
          kind: 'part_number_mismatch',
          basis: `format|${format.make}|${pn}|${makes.join(',')}`,
          detail: `Part number ${typed} is a ${format.make} number (${format.why}), but fits ${fits}`,
        }
      : null;
  const seen = catalogueMaker(peers, makes);
  if (!seen) return null;
  return {
    productId,
    kind: 'part_number_mismatch',
    basis: `catalogue|${seen.makes.join(',')}|${pn}|${makes.join(',')}`,
    detail: `Part number ${typed} is listed elsewhere for ${seen.makes.join(', ')} only (${
      seen.listings
    } other listing${seen.listings === 1 ? ', from a verified store' : 's'}), but this fits ${fits}`,
  };
}

const toItem = (r: SignalRow): SignalItem => ({
  id: r.id,
  productId: r.product_id,
  productName: r.product_name,
  storeName: r.store_name,
  storeUrl: r.store_url,
  kind: r.kind,
  detail: r.detail,
  active: r.active,
  createdAt: new Date(r.created_at).toISOString(),
  clearedAt: r.cleared_at ? new Date(r.cleared_at).toISOString() : null,
});

export function signalsService(db: Db) {
  const repo = signalsRepository(db);
  return {
    /** Open signals, newest first (or the cleared ones), 50 a page. */
    async list(q: { status?: 'open' | 'cleared'; lastId?: number }): Promise<SignalList> {
      const list = await repo.list(q.status === 'cleared', q.lastId);
      return {
        status: true,
        items: list.map(toItem),
        lastId: list.length === 50 ? list[49].id : null,
      };
    },

    /** Staff looked and found nothing wrong: the signal is cleared (audited) until its basis changes. */
    async clear(admin: SessionUser, id: number, note: string): Promise<SignalItem> {
      await transaction(db, async (tx) => {
        const inTx = signalsRepository(tx);
        const done = await inTx.clear(id, admin.id);
        if (!done) {
          if (!(await inTx.exists(id))) throw notFound('There is no such signal');
          throw conflict('This signal is cleared already');
        }
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'signal.clear',
          targetType: 'product',
          targetId: done.product_id,
          before: { [done.kind]: 'open' },
          after: { [done.kind]: 'cleared' },
          note: note.trim(),
        });
      });
      return toItem((await repo.one(id))!);
    },

    openCount: () => repo.openCount(),
  };
}
