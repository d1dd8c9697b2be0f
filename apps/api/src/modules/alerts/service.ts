import type { Db } from '@sf/db';
import {
  ALERT_NOTICES_PER_DAY,
  CONDITION_LABELS,
  formatKoboShort,
  MESSAGES,
  PRICE_ALERTS_MAX,
  SAVED_SEARCHES_MAX,
  SEARCH_MIN_CHARS,
} from '@sf/shared';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { toListItem } from '../catalog/view.ts';
import type { PartsListItem } from '../catalog/types.ts';
import { alertsRepository, type AlertListRow, type AlertRow } from './repository.ts';
import type { AlertItem, AlertsAnswer } from './types.ts';
import { iso } from '../../lib/time.ts';

/** A saved search's filters, under the parts list's query names. */
export interface SearchInput {
  prodName?: string;
  partcategory?: number;
  carmake?: number;
  carmodel?: number;
  caryear?: number;
  regionId?: number;
  city?: number;
  condition?: number;
}

export interface PriceInput {
  productId: number;
  targetKobo?: number | null;
}

export interface ChangeInput {
  paused?: boolean;
  targetKobo?: number | null;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** Words as the list reads them: one line, single spaces. */
const cleanWords = (s: string | undefined) =>
  s
    ?.replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim() ?? '';

/** The parts list's query of a saved search (empty values left out). */
export function searchFilters(a: AlertRow): Record<string, string> {
  const f: Record<string, string | number | null> = {
    prodName: a.words,
    partcategory: a.cat_id,
    carmake: a.make_id,
    carmodel: a.model_id,
    caryear: a.year,
    regionId: a.state_id,
    city: a.city_id,
    condition: a.condition,
  };
  return Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

/** Where a saved search's results are: the parts list with its filters; a price alert's product. */
export function alertLink(a: AlertRow): string {
  if (a.kind === 'price') return `/product/${a.product_id}`;
  return `/spares-parts?${new URLSearchParams(searchFilters(a))}`;
}

const toItem = (r: AlertListRow): AlertItem => ({
  id: r.id,
  kind: r.kind,
  label: r.label,
  link: alertLink(r),
  paused: r.paused_at !== null,
  createdAt: iso(r.created_at),
  matches: Number(r.matches),
  lastMatchAt: r.last_match_at === null ? null : iso(r.last_match_at),
  filters: r.kind === 'search' ? searchFilters(r) : {},
  productId: r.product_id,
  savedPriceKobo: num(r.saved_price_kobo),
  targetKobo: num(r.target_kobo),
  currentPriceKobo: num(r.current_price_kobo),
});

/**
 * Saving, listing, pausing and deleting a user's saved searches and price alerts. Matching and
 * telling are in matching.ts (a job, after products are written).
 */
export function alertsService(db: Db) {
  const repo = alertsRepository(db);

  async function one(userId: string, id: string): Promise<AlertItem> {
    const [r] = await repo.list(userId, id);
    if (!r) throw notFound('There is no such alert among yours');
    return toItem(r);
  }

  function refused(r: 'full' | 'duplicate', kind: 'search' | 'price'): never {
    if (r === 'duplicate')
      throw conflict(
        kind === 'search'
          ? 'You already saved this search'
          : 'You already have an alert on this part',
      );
    throw new HttpError(
      409,
      kind === 'search'
        ? `You can keep up to ${SAVED_SEARCHES_MAX} saved searches: delete one before saving another`
        : `You can keep up to ${PRICE_ALERTS_MAX} price alerts: delete one before adding another`,
      'ALERTS_FULL',
    );
  }

  return {
    async list(userId: string): Promise<AlertsAnswer> {
      return {
        status: true,
        items: (await repo.list(userId)).map(toItem),
        limits: {
          searches: SAVED_SEARCHES_MAX,
          prices: PRICE_ALERTS_MAX,
          noticesPerDay: ALERT_NOTICES_PER_DAY,
        },
      };
    },

    one,

    /** The parts an alert found, newest first (another user's alert is a 404). */
    async matches(userId: string, id: string) {
      const item = await one(userId, id);
      const found: PartsListItem[] = (await repo.matchedProducts(id)).map((r) => toListItem(r));
      return { status: true as const, item, items: found };
    },

    async saveSearch(userId: string, input: SearchInput): Promise<AlertItem> {
      const words = cleanWords(input.prodName);
      if (words && words.length <= SEARCH_MIN_CHARS) throw badRequest(MESSAGES.searchTooShort);
      if (!words && !input.partcategory && !input.carmake && !input.carmodel)
        throw badRequest(
          'Say what to look for: search words, a category or a car (a place alone would match every part there)',
        );
      const n = await repo.names({
        catId: input.partcategory,
        makeId: input.carmake,
        modelId: input.carmodel,
        stateId: input.regionId,
        cityId: input.city,
      });
      if (input.partcategory && !n.category)
        throw badRequest(`No category with id ${input.partcategory}`);
      if (input.carmake && !n.make) throw badRequest(`No car make with id ${input.carmake}`);
      if (input.carmodel && (!n.model || (input.carmake && n.model_make_id !== input.carmake)))
        throw badRequest(
          n.make
            ? `${n.make} has no model with id ${input.carmodel}`
            : `No car model with id ${input.carmodel}`,
        );
      if (input.regionId && !n.state) throw badRequest(`No state with id ${input.regionId}`);
      if (input.city && (!n.city || (input.regionId && n.city_state_id !== input.regionId)))
        throw badRequest(
          n.state
            ? `${n.state} has no city with id ${input.city}`
            : `No city with id ${input.city}`,
        );
      // A model names its make, a city its state: kept, so the list and the label show them.
      const makeId = input.carmake ?? (input.carmodel ? n.model_make_id! : null);
      const stateId = input.regionId ?? (input.city ? n.city_state_id! : null);
      const names =
        makeId !== input.carmake || stateId !== input.regionId
          ? await repo.names({
              catId: input.partcategory,
              makeId: makeId ?? undefined,
              modelId: input.carmodel,
              stateId: stateId ?? undefined,
              cityId: input.city,
            })
          : n;
      const stored = {
        words: words || null,
        catId: input.partcategory ?? null,
        makeId,
        modelId: input.carmodel ?? null,
        year: input.caryear ?? null,
        stateId,
        cityId: input.city ?? null,
        condition: input.condition ?? null,
      };
      const car = [names.make, names.model, stored.year].filter(Boolean).join(' ');
      const label = [
        words || names.category || 'Parts',
        words && names.category ? `(${names.category})` : '',
        car ? `for ${car}` : '',
        stored.condition ? `, ${CONDITION_LABELS[stored.condition]}` : '',
        stateId ? `in ${[names.city, names.state].filter(Boolean).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' ')
        .replace(' ,', ',');
      // The same filters twice, whatever the case or spacing of the words, are one search.
      const key = `search:${JSON.stringify({ ...stored, words: stored.words?.toLowerCase() ?? null })}`;
      const r = await repo.insert(
        { userId, kind: 'search', key, label, ...stored },
        SAVED_SEARCHES_MAX,
      );
      if (typeof r === 'string') refused(r, 'search');
      return one(userId, r.id);
    },

    async savePrice(userId: string, input: PriceInput): Promise<AlertItem> {
      const p = await repo.product(input.productId);
      if (!p) throw notFound(`No product with id ${input.productId}`);
      if (p.owner_user_id === userId)
        throw badRequest('This part is sold by your own store: change its price on your products');
      const price = Number(p.price_kobo);
      const target = input.targetKobo ?? null;
      if (target !== null && target >= price)
        throw badRequest(
          `The price you wait for must be below today's price (${formatKoboShort(price)}); leave it empty to hear of any drop`,
        );
      const r = await repo.insert(
        {
          userId,
          kind: 'price',
          key: `price:${p.prod_id}`,
          label: p.name,
          productId: p.prod_id,
          savedPriceKobo: price,
          targetKobo: target,
        },
        PRICE_ALERTS_MAX,
      );
      if (typeof r === 'string') refused(r, 'price');
      return one(userId, r.id);
    },

    async change(userId: string, id: string, input: ChangeInput): Promise<AlertItem> {
      const current = await one(userId, id);
      if (input.targetKobo !== undefined) {
        if (current.kind !== 'price')
          throw badRequest('Only a price alert has a price to wait for');
        const saved = current.savedPriceKobo!;
        if (input.targetKobo !== null && input.targetKobo >= saved)
          throw badRequest(
            `The price you wait for must be below the price when you saved the alert (${formatKoboShort(saved)})`,
          );
        await repo.setTarget(userId, id, input.targetKobo);
      }
      if (input.paused !== undefined && !(await repo.setPaused(userId, id, input.paused)))
        throw notFound('There is no such alert among yours');
      return one(userId, id);
    },

    async remove(userId: string, id: string) {
      if (!(await repo.remove(userId, id))) throw notFound('There is no such alert among yours');
    },
  };
}
