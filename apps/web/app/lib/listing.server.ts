import { data } from 'react-router';
import { DAYS, type Option } from '@sf/shared';
import type { OwnListing } from '@sf/api/types';
import { requireUser, field } from './auth.server.ts';
import { formStatus, serverApi, throwUnlessOk } from './api.server.ts';
import { KINDS, type ProviderKind } from './providers.ts';
import { removeLogo } from './uploads.server.ts';

/** The role that runs each kind of listing: a Mechanic a workshop, a Tow Van a garage. */
const ROLE = { mechanic: 'Mechanic', towvan: 'Tow Van' } as const;

/** What the form shows: the listing and the reference lists its selects and checkboxes offer. */
export async function loadListing(kind: ProviderKind, request: Request, context: unknown) {
  await requireUser(request, context, [ROLE[kind]]);
  const api = serverApi(context);
  const ans = await api.get('/api/provider/profile');
  throwUnlessOk(ans, { what: KINDS[kind].singular, missing: 'Could not load your listing' });
  const item = ans.item as OwnListing | null;
  const [states, tags, vehicleTypes, cities] = await Promise.all([
    api.lookup<Option<number>>('/api/database/states/NG'),
    api.lookup<Option<number>>(KINDS[kind].tagLookup),
    api.lookup<Option<number>>('/api/database/vehicleType'),
    item ? api.lookup<Option<number>>(`/api/database/cities/${item.state_id}`) : [],
  ]);
  // Not listed yet: the form starts from the business name and number given at registration.
  const profile = item ? undefined : await api.get('/api/user/profile');
  const u = profile?.status
    ? (profile.user as { businessName?: string | null; phone?: string })
    : undefined;
  const owner = u ? { businessName: u.businessName ?? '', phone: u.phone ?? '' } : undefined;
  return { kind, item, owner, lookups: { states, tags, vehicleTypes, cities } };
}

export type ListingData = Awaited<ReturnType<typeof loadListing>>;

export interface ListingFormAnswer {
  ok: boolean;
  message?: string;
  fields?: Record<string, string>;
  /** The fields as sent, so a refused form keeps what was typed. */
  values?: Record<string, string | string[]>;
  /** The cities of the state chosen in a refused form (the city list follows the state). */
  cities?: Option<number>[];
}

const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .filter((v): v is string => typeof v === 'string' && /^\d{1,9}$/.test(v))
    .map(Number);

/** Saves the whole form: unticked boxes clear their list. */
export async function saveListing(kind: ProviderKind, request: Request, context: unknown) {
  await requireUser(request, context, [ROLE[kind]]);
  const form = await request.formData();
  if (field(form, 'intent') === 'logo-remove')
    return removeLogo(
      request,
      context,
      `/api/provider/logo${/^\d{1,9}$/.test(field(form, 'spId')) ? `?spId=${field(form, 'spId')}` : ''}`,
      kind === 'mechanic' ? '/user/workshop' : '/user/garage',
    );
  const num = (name: string) => {
    const v = field(form, name);
    return /^\d{1,9}$/.test(v) ? Number(v) : undefined;
  };
  const days = form
    .getAll('days')
    .filter((d): d is (typeof DAYS)[number] => (DAYS as readonly unknown[]).includes(d));
  const body: Record<string, unknown> = {
    companyName: field(form, 'companyName'),
    mobileNumber: field(form, 'mobileNumber'),
    phoneNumber: field(form, 'phoneNumber'),
    stateId: num('stateId'),
    cityId: num('cityId'),
    address: field(form, 'address'),
    description: field(form, 'description'),
    days: [...new Set(days)],
    [kind === 'mechanic' ? 'specialityIds' : 'capacityIds']: [...new Set(ids(form, 'tags'))],
    vehicleTypeIds: [...new Set(ids(form, 'vehicleTypes'))],
  };
  const api = serverApi(context);
  const ans = await api.post('/api/provider/profile', body);
  if (ans.status) return { ok: true, message: ans.message as string } satisfies ListingFormAnswer;
  const fields = (ans.fields ?? {}) as Record<string, string>;
  const values: Record<string, string | string[]> = {};
  for (const [k, v] of form.entries())
    if (typeof v === 'string') values[k] = k in values ? [values[k], v].flat() : v;
  for (const k of ['days', 'tags', 'vehicleTypes'])
    values[k] = form.getAll(k).filter((v) => typeof v === 'string') as string[];
  const stateId = num('stateId');
  const cities = stateId
    ? await api.lookup<Option<number>>(`/api/database/cities/${stateId}`)
    : undefined;
  return data<ListingFormAnswer>(
    {
      ok: false,
      message: ans.message ?? 'Please correct the marked fields',
      fields: {
        ...fields,
        ...(fields.specialityIds || fields.capacityIds
          ? { tags: fields.specialityIds ?? fields.capacityIds }
          : {}),
        ...(fields.vehicleTypeIds ? { vehicleTypes: fields.vehicleTypeIds } : {}),
      },
      values,
      cities,
    },
    { status: formStatus(ans) },
  );
}
