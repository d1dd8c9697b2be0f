import { formatKoboShort } from '@sf/shared';
import type { AlertItem } from '@sf/api/types';
import { PARTS_FILTERS, type PartsFilters } from './catalog.ts';

export type { AlertItem, AlertsAnswer, AlertMatchesAnswer } from '@sf/api/types';

/** The page that keeps a user's saved searches and price alerts. */
export const ALERTS_PAGE = '/user/alerts';

/** The answer of the alerts action to a fetcher (with JavaScript the page stays where it is). */
export interface AlertSaved {
  ok: boolean;
  message: string;
  /** Where the user manages it (or signs in first). */
  link?: string;
}

/**
 * The filters a saved search takes from a parts list: the list's own, with the category of the
 * path (/products/cat/:id) when no other is chosen. Empty when there is nothing to look for
 * (a place alone would match every part there, and the API refuses it).
 */
export function searchToSave(filters: PartsFilters, catId: number): PartsFilters {
  const f: PartsFilters = { ...filters };
  if (!f.partcategory && catId > 0) f.partcategory = String(catId);
  const something = f.prodName || f.partcategory || f.carmake || f.carmodel;
  return something ? f : {};
}

/** The form fields of a saved search (the list's query names). */
export const SEARCH_FIELDS = PARTS_FILTERS;

/** '₦45,000' (whole naira without '.00'). */
export const naira = formatKoboShort;

/** What a price alert waits for, in words. */
export function priceWait(a: Pick<AlertItem, 'targetKobo' | 'savedPriceKobo'>): string {
  return a.targetKobo !== null
    ? `below ${naira(a.targetKobo)}`
    : `below ${naira(a.savedPriceKobo ?? 0)} (its price when you saved it)`;
}
