/**
 * The visitor's place (the header's "Your state"): a cookie holding a state id and optionally a
 * city id, `sf_place=25` or `sf_place=25.1204`. Parts, mechanics and tow-van lists default to it.
 * Only ids are kept (names come from the reference data), so the value is small and checkable.
 * Guest pages differ by it, so the guest page cache keys on it (a few dozen values at most per page).
 */
export const PLACE_COOKIE = 'sf_place';
const PLACE_RE = new RegExp(`(?:^|;)\\s*${PLACE_COOKIE}=(\\d{1,4})(?:\\.(\\d{1,7}))?(?:;|$)`);

export interface PlaceIds {
  stateId: number;
  cityId: number | null;
}

/** The place in a Cookie header, or null when there is none (or it is not well formed). */
export function readPlaceCookie(cookieHeader: string | null | undefined): PlaceIds | null {
  const m = PLACE_RE.exec(cookieHeader ?? '');
  if (!m || Number(m[1]) < 1) return null;
  return { stateId: Number(m[1]), cityId: m[2] ? Number(m[2]) : null };
}

/** The cookie's value for a place. */
export const placeCookieValue = (p: PlaceIds) =>
  p.cityId ? `${p.stateId}.${p.cityId}` : String(p.stateId);
