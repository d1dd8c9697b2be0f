import { nearFor, type NearQuery } from '../lookups/neighbours.ts';
import { DAYS, PAGE_SIZE } from '@sf/shared';
import type { Db } from '@sf/db';
import { badRequest, notFound } from '../../lib/errors.ts';
import { cacheRegistry, LIST_MAX_STALE_MS, memo } from '../../lib/cache.ts';
import { providerLogoUrl } from '../images/urls.ts';
import {
  providersRepository,
  type ProviderDetailRow,
  type ProviderFilter,
  type ProviderKind,
  type ProviderRow,
} from './repository.ts';
import type { ProviderDetail, ProviderItem, ProviderListAnswer } from './types.ts';

/**
 * List pages are read far more than providers change: each process keeps a page for a few
 * seconds (listCacheMs from PROVIDERS_LIST_CACHE_MS, default 5000; 0 turns it off). Responses already allow
 * 30 s of shared caching, so this adds no staleness a visitor could not already see.
 * Writers in this domain call invalidateProviderLists(db).
 */
const listCaches = cacheRegistry<Db>();
export const invalidateProviderLists = (db: Db) => listCaches.clear(db);
/** Broadcast by a writer so that every server process drops its list pages, not only its own. */
export const PROVIDER_LISTS_CLEAR = 'sys:providers-lists-clear';

/** A list's query: where it is limited to and whose nearness orders it (NearQuery), and filters. */
export interface ListQuery extends NearQuery {
  speciality?: number;
  capacity?: number;
  vehicleType?: number;
  avaliability?: string;
  availability?: string;
  pagesize?: number;
  count?: number;
  lastId?: number;
  active?: boolean;
}

/** Day of the week from the query: a day name (any case, or its first three letters) or 0-6. */
export function parseDay(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const t = v.trim().toLowerCase();
  if (/^[0-6]$/.test(t)) return Number(t);
  const i = DAYS.findIndex((d) => d.toLowerCase() === t || d.slice(0, 3).toLowerCase() === t);
  if (i < 0)
    throw badRequest(
      `Invalid query field "avaliability": expected a day from Sunday to Saturday or 0-6, got "${v.slice(0, 20)}"`,
    );
  return i;
}

export const daysFromMask = (mask: number) => DAYS.filter((_, i) => (mask & (1 << i)) !== 0);
export const maskFromDays = (days: readonly string[]) =>
  days.reduce((m, d) => m | (1 << DAYS.indexOf(d as (typeof DAYS)[number])), 0);
export const providerPath = (kind: ProviderKind, spId: number) => `/${kind}/${spId}`;

function toItem(r: ProviderRow): ProviderItem {
  const item = {
    sp_id: r.sp_id,
    kind: r.kind,
    company_name: r.company_name,
    company_logo: r.company_logo || providerLogoUrl(r.sp_id),
    mobile_number: r.mobile_number,
    phone_number: r.phone_number ?? '',
    city: r.city,
    city_id: r.city_id,
    state: r.state,
    state_id: r.state_id,
    verified: r.verified,
    rank: r.rank_boost,
    promoted: r.rank_boost > 0,
    days: daysFromMask(r.available_days),
    vehicle_types: r.vehicle_types,
  };
  return r.kind === 'mechanic'
    ? { ...item, specialities: r.specialities }
    : { ...item, capacities: r.capacities };
}

/** One provider for its page (also what its owner sees when editing it). */
export function toDetail(r: ProviderDetailRow): ProviderDetail {
  const base = toItem(r);
  return {
    ...base,
    address: r.address,
    description: r.description,
    vehicle_type_ids: r.vehicle_type_ids,
    ...(r.kind === 'mechanic'
      ? { speciality_ids: r.speciality_ids }
      : { capacity_ids: r.capacity_ids }),
  };
}

/** `read` answers the queries (a replica); `db` names the caches that writers clear. */
export function providersService(db: Db, opts: { listCacheMs: number; read?: Db }) {
  const repo = providersRepository(opts.read ?? db);
  // Expired answers are still given while one query refreshes them, up to the 30 s the lists'
  // Cache-Control already lets any shared cache keep them (never after a writer's clear).
  const cached = memo(
    (key: string) => repo.list(JSON.parse(key) as ProviderFilter),
    opts.listCacheMs,
    300,
    Math.max(0, LIST_MAX_STALE_MS - opts.listCacheMs),
    { name: 'providers-list' },
  );
  listCaches.add(db, cached);
  const list = (f: ProviderFilter) =>
    opts.listCacheMs > 0 ? cached(JSON.stringify(f)) : repo.list(f);
  return {
    /** One page of a list: `lastId` is the sp_id of the last item, '' when there is no more. */
    async list(kind: ProviderKind, q: ListQuery): Promise<ProviderListAnswer> {
      const day = parseDay(q.avaliability ?? q.availability);
      const pagesize = Math.min(q.pagesize || PAGE_SIZE, PAGE_SIZE);
      const found = await list({
        kind,
        stateId: q.regionId,
        cityId: q.city,
        specialityId: kind === 'mechanic' ? q.speciality : undefined,
        capacityId: kind === 'towvan' ? q.capacity : undefined,
        vehicleTypeId: q.vehicleType,
        day,
        near: await nearFor(db, q),
        lastId: q.lastId,
        limit: pagesize + 1,
      });
      const hasMore = found.length > pagesize;
      const items = found.slice(0, pagesize).map(toItem);
      return {
        status: true,
        items,
        lastId: items.length ? items[items.length - 1].sp_id : null,
        hasMore,
        count: (q.count ?? 0) + 1,
      };
    },
    async top(kind: ProviderKind, limit: number) {
      return (await list({ kind, limit })).map(toItem);
    },
    async one(spId: number, kind?: ProviderKind) {
      const r = await repo.one(spId);
      if (!r || (kind && r.kind !== kind))
        throw notFound(
          `No ${kind === 'towvan' ? 'tow van' : (kind ?? 'service provider')} with id ${spId}`,
        );
      return toDetail(r);
    },
    /** One listing's page answer, or undefined; `hidden` too (its owner's view of a suspended one). */
    async detail(spId: number, o: { hidden?: boolean } = {}) {
      const r = await repo.one(spId, o);
      return r && toDetail(r);
    },
    name: repo.name,
    /** Drops this instance's list pages (a provider changed). */
    clearLists: () => cached.clear(),
  };
}
export type ProvidersService = ReturnType<typeof providersService>;
