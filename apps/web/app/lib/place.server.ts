import { readPlaceCookie, type Option, type PlaceIds } from '@sf/shared';
import type { Api } from './api.ts';

/** The visitor's place with its names, as the header and the lists show it. */
export interface Place extends PlaceIds {
  state: string;
  city: string | null;
}

/**
 * The visitor's place: the browser's cookie, else (signed in) the account's, read with the
 * header's cart count (the root loader asks for the same answer: the page makes one call).
 * Null when neither names a state that exists.
 */
export async function loadPlace(
  api: Api,
  request: Request,
  signedIn: boolean,
): Promise<Place | null> {
  let ids = readPlaceCookie(request.headers.get('cookie'));
  if (!ids && signedIn) {
    const ans = await api.get('/api/user/header');
    const p = ans.status ? ans.place : null;
    ids = p ? { stateId: p.stateId, cityId: p.cityId } : null;
  }
  if (!ids) return null;
  const [states, cities] = await Promise.all([
    api.lookup<Option<number>>('/api/database/states/NG'),
    ids.cityId ? api.lookup<Option<number>>(`/api/database/cities/${ids.stateId}`) : [],
  ]);
  const state = states.find((s) => s.value === ids.stateId)?.label;
  if (!state) return null;
  const city = cities.find((c) => c.value === ids.cityId)?.label ?? null;
  return { stateId: ids.stateId, state, cityId: city ? ids.cityId : null, city };
}

/**
 * A list's state filter with the visitor's place applied. No `regionId` in the address: the
 * list defaults to the place's state, the place's city first when they chose one. `regionId=`
 * (empty, "all Nigeria"): not limited, and the place's city, state and its neighbours come first
 * (`near`, `nearCity`). Returns what the list bar says and what the list call adds.
 */
export function applyPlace(
  params: URLSearchParams,
  filters: { regionId?: string; city?: string },
  place: Place | null,
) {
  if (!place)
    return { place: null, defaulted: false, near: undefined, nearCity: undefined } as const;
  const nearCity = place.cityId ? String(place.cityId) : undefined;
  if (!params.has('regionId') && !filters.regionId) {
    filters.regionId = String(place.stateId);
    return {
      place,
      defaulted: true,
      near: nearCity ? String(place.stateId) : undefined,
      nearCity,
    };
  }
  return filters.regionId
    ? { place, defaulted: false, near: undefined, nearCity: undefined }
    : { place, defaulted: false, near: String(place.stateId), nearCity };
}
export type PlaceNote = ReturnType<typeof applyPlace>;
