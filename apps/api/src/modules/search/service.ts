import { SEARCH_MIN_CHARS } from '@sf/shared';
import type { Db } from '@sf/db';
import { memo } from '../../lib/cache.ts';
import { lookupsService } from '../lookups/service.ts';
import { productsService } from '../catalog/service.ts';
import { providersService } from '../providers/service.ts';
import type { ProviderKind } from '../providers/repository.ts';
import { understand, vocabulary, type Kind, type Understood } from './understand.ts';
import type { SearchAnswer, SearchGroup } from './types.ts';

/** Items a group shows; its link opens the whole list. */
export const GROUP_SIZE = 6;

const TITLES: Record<Kind, string> = {
  part: 'Spare parts',
  mechanic: 'Mechanics',
  towvan: 'Tow vans',
};

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

/**
 * The home SEARCH box: one text, read for what it asks (understand.ts), answered with up to
 * three groups (parts, mechanics, tow vans), the kind named first. A group appears when the
 * text asks for its kind, or names nothing but fits it: parts for part words, mechanics for
 * a speciality, everything near a place named alone. A provider group narrowed to a city that
 * has none widens to the city's state and says so.
 */
export function searchService(
  db: Db,
  opts: { catalogCacheMs: number; providersCacheMs: number; read?: Db },
) {
  const lookups = lookupsService(opts.read ?? db);
  const products = productsService(db, { listCacheMs: opts.catalogCacheMs, read: opts.read });
  const providers = providersService(db, { listCacheMs: opts.providersCacheMs, read: opts.read });
  // Reference data changes only with a deploy.
  const vocab = memo(async (_: void) => vocabulary(await lookups.searchReference()));

  async function parts(u: Understood): Promise<SearchGroup> {
    const text = u.partText.length > SEARCH_MIN_CHARS ? u.partText : undefined;
    const found = await products.list({
      prodName: text,
      regionId: u.stateId,
      pagesize: GROUP_SIZE,
    });
    return {
      kind: 'part',
      title: TITLES.part,
      // Parts are sold to the whole state (the seller delivers), so the group is the state's.
      where: u.stateName ?? '',
      widened: false,
      href: `/products/cat/0?${query({ active: 'true', prodName: text, regionId: u.stateId })}`,
      parts: found.items,
      providers: [],
      more: found.hasMore,
    };
  }

  async function people(kind: ProviderKind, u: Understood, asked: boolean): Promise<SearchGroup> {
    const filters = {
      regionId: u.stateId,
      city: u.cityId,
      speciality: kind === 'mechanic' ? u.specialityId : undefined,
      // "car battery" names a car, not a wish to filter mechanics by vehicle.
      vehicleType: asked ? u.vehicleTypeId : undefined,
    };
    let found = await providers.list(kind, { ...filters, pagesize: GROUP_SIZE });
    let widened = false;
    // None in the city: its state; none there either: all Nigeria.
    for (const wider of ['city', 'regionId'] as const) {
      if (found.items.length > 0 || filters[wider] === undefined) continue;
      filters[wider] = undefined;
      widened = true;
      found = await providers.list(kind, { ...filters, pagesize: GROUP_SIZE });
    }
    const list = kind === 'mechanic' ? '/mechanics' : '/towvans';
    const where =
      filters.city !== undefined
        ? u.placeName
        : filters.regionId !== undefined
          ? found.items[0]?.state
          : undefined;
    return {
      kind,
      title: TITLES[kind],
      where: where ?? '',
      widened,
      href: `${list}?${query(filters)}`,
      parts: [],
      providers: found.items,
      more: found.hasMore,
    };
  }

  return {
    async search(q: string): Promise<SearchAnswer> {
      const u = understand(q, await vocab());
      const placeOnly = !u.partText && u.stateId !== undefined;
      const wanted: Kind[] = u.kinds.length
        ? u.kinds
        : [
            ...(u.partText.length > SEARCH_MIN_CHARS || placeOnly ? (['part'] as const) : []),
            ...(u.specialityId !== undefined || placeOnly ? (['mechanic'] as const) : []),
            ...(placeOnly ? (['towvan'] as const) : []),
          ];
      const groups = await Promise.all(
        wanted.map((k) => (k === 'part' ? parts(u) : people(k, u, u.kinds.includes(k)))),
      );
      return {
        status: true,
        understood: {
          kinds: u.kinds,
          stateId: u.stateId ?? null,
          cityId: u.cityId ?? null,
          place: u.placeName ?? '',
          specialityId: u.specialityId ?? null,
          vehicleTypeId: u.vehicleTypeId ?? null,
          text: u.partText,
        },
        groups,
      };
    },
  };
}
