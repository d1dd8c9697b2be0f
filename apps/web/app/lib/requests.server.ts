import type { Option } from '@sf/shared';
import { redirect } from './redirect.ts';
import { toQuery } from './api.ts';
import type { Api } from './api.ts';
import type { RequestOptions } from './requests.ts';

/** A guest (401) goes to log in and comes back here. */
export function loginUnless(ans: { httpStatus: number }, back: string) {
  if (ans.httpStatus === 401) throw redirect(`/auth/login${toQuery({ redirectTo: back })}`);
}

/** The form's choices and the cities of the chosen state. */
export async function loadRequestForm(api: Api, stateId: number) {
  const [opts, cities] = await Promise.all([
    api.get<never>('/api/requests/options'),
    api.lookup<Option<number>>(`/api/database/cities/${stateId}`),
  ]);
  const o = (opts.status ? opts : {}) as Partial<RequestOptions>;
  return {
    categories: o.categories ?? [],
    makes: o.makes ?? [],
    states: o.states ?? [],
    specialities: o.specialities ?? [],
    vehicleTypes: o.vehicleTypes ?? [],
    towCapacities: o.towCapacities ?? [],
    cities,
  };
}
