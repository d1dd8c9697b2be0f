import { hasSessionCookie } from '@sf/shared';
import type { Api } from './api.ts';
import { fitPath, type FitAnswer } from './fit.ts';

/**
 * The fit verdicts of these products for the signed-in user's chosen car (the API computes them with
 * checkFit of @sf/shared); null for a guest, a user without cars, or when the check fails: the page
 * then shows the parts without a verdict.
 */
export async function loadFit(
  api: Api,
  request: Request,
  ids: number[],
  carId: string | null,
): Promise<FitAnswer | null> {
  // Cars are kept on the account: without a session the API would only refuse (a call saved on
  // every guest's product and list page).
  if (!hasSessionCookie(request.headers.get('cookie'))) return null;
  // At most 60 ids per call: a list page holds 50.
  const ans = await api.get(fitPath(ids.slice(0, 60), carId));
  if (!ans.status) {
    // A stale ?car= (removed car): fall back to the newest one.
    if (carId && ans.httpStatus === 404) return loadFit(api, request, ids, null);
    return null;
  }
  return ans.car ? ans : null;
}
