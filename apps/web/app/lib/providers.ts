import { DAYS, type Option } from '@sf/shared';
import type { ProviderItem, ProviderListAnswer } from '@sf/api/types';
import { toQuery, type Api } from './api.ts';

export type { ProviderDetail, ProviderItem } from '@sf/api/types';

export type ProviderKind = ProviderItem['kind'];
/** A page of a provider list, as the list shows it. */
/** A provider with its requesters' rating (count 0: none yet; absent when the ratings failed). */
export type RatedProvider = ProviderItem & {
  rating?: { count: number; average: number | null } | null;
};
export type ProviderPage = Omit<
  Pick<ProviderListAnswer, 'items' | 'lastId' | 'hasMore'>,
  'items'
> & { items: RatedProvider[] };

/** What differs between the mechanics and the tow-van pages. */
/** The broadcast request that reaches this kind of provider. */
export const REQUEST_KIND = { mechanic: 'mechanic', towvan: 'tow' } as const;

export const KINDS = {
  mechanic: {
    list: '/mechanics',
    detail: '/mechanic',
    api: '/api/mechanics',
    title: 'Mechanics',
    singular: 'mechanic',
    tagParam: 'speciality',
    tagLabel: 'Speciality',
    tagsHeading: 'Specialities',
    tagLookup: '/api/mechanics/specialities',
  },
  towvan: {
    list: '/towvans',
    detail: '/towvan',
    api: '/api/towvans',
    title: 'Tow vans',
    singular: 'tow van',
    tagParam: 'capacity',
    tagLabel: 'Tow capacity',
    tagsHeading: 'Tow capacities',
    tagLookup: '/api/sp-garage/towcapacity/master',
  },
} as const;

/** The filter fields a list page keeps in its URL (API query names, historical spelling). */
export const filterKeys = (kind: ProviderKind) =>
  ['regionId', 'city', KINDS[kind].tagParam, 'vehicleType', 'avaliability'] as const;

export function readFilters(kind: ProviderKind, url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of filterKeys(kind)) {
    const v =
      url.searchParams.get(k) ??
      (k === 'avaliability' ? url.searchParams.get('availability') : null);
    if (v && v.length <= 12) out[k] = v;
  }
  return out;
}
export const isActive = (filters: Record<string, string>) => Object.values(filters).some(Boolean);

export const dayOptions: Option<string>[] = DAYS.map((d) => ({ label: d, value: d }));

/** 'Mon–Sat', 'Every day', 'Tue–Sun' or 'Mon, Wed, Fri'. */
export function formatDays(days: readonly string[]): string {
  const open = DAYS.map((d) => days.includes(d));
  const n = open.filter(Boolean).length;
  if (n === 0) return 'Days not listed';
  if (n === 7) return 'Every day';
  const short = (i: number) => DAYS[i].slice(0, 3);
  // Start the week after a closed day so a run across Saturday→Sunday stays one range.
  const start = (open.findIndex((o) => !o) + 1) % 7;
  const order = Array.from({ length: 7 }, (_, k) => (start + k) % 7);
  const runs: number[][] = [];
  for (const i of order) {
    if (!open[i]) continue;
    const last = runs[runs.length - 1];
    if (last && (last[last.length - 1] + 1) % 7 === i) last.push(i);
    else runs.push([i]);
  }
  return runs
    .map((r) =>
      r.length >= 3 ? `${short(r[0])}–${short(r[r.length - 1])}` : r.map(short).join(', '),
    )
    .join(', ');
}

export async function fetchPage(
  api: Api,
  kind: ProviderKind,
  params: Record<string, unknown>,
): Promise<ProviderPage & { ok: boolean; message?: string }> {
  const ans = await api.get<ProviderItem>(`${KINDS[kind].api}/indexquery${toQuery(params)}`);
  if (!ans.status)
    return { ok: false, message: ans.message, items: [], lastId: null, hasMore: false };
  const items: RatedProvider[] = ans.items ?? [];
  // Their ratings come in one small call beside the list (the list's cached query stays as it is).
  if (items.length) {
    const r = await api.get<{ sp_id: number; rating: { count: number; average: number | null } }>(
      `/api/providers/ratings?ids=${items
        .slice(0, 60)
        .map((p) => p.sp_id)
        .join(',')}`,
    );
    const by = new Map((r.status ? (r.items ?? []) : []).map((x) => [x.sp_id, x.rating]));
    for (const p of items) p.rating = by.get(p.sp_id) ?? null;
  }
  return {
    ok: true,
    items,
    lastId: (ans.lastId as number | null) ?? null,
    hasMore: Boolean(ans.hasMore),
  };
}

/** Examples shown only when the API returns no provider at all; never presented as real businesses. */
export const EXAMPLE_PROVIDERS: Record<
  ProviderKind,
  { name: string; city: string; tags: string[] }[]
> = {
  mechanic: [
    { name: 'Your workshop here', city: 'Ikeja, Lagos', tags: ['Engine Repair', 'Diagnostics'] },
    { name: 'Your auto electrician here', city: 'Wuse, Abuja', tags: ['Auto Electrical'] },
    { name: 'Your panel beater here', city: 'Aba, Abia', tags: ['Panel Beating', 'Spraying'] },
  ],
  towvan: [
    { name: 'Your tow service here', city: 'Berger, Lagos', tags: ['Flatbed'] },
    { name: 'Your recovery truck here', city: 'Port Harcourt, Rivers', tags: ['Heavy Duty'] },
    { name: 'Your wrecker here', city: 'Kano, Kano', tags: ['Heavy Wrecker'] },
  ],
};
