import type { RequestItem } from '@sf/api/types';

export type {
  IncomingItem,
  OfferItem,
  RequestDetail,
  RequestItem,
  RequestOptions,
} from '@sf/api/types';

/** Browser and server: the words and links of broadcast requests. */
export const KIND_LABEL: Record<RequestItem['kind'], string> = {
  part: 'A part',
  mechanic: 'A mechanic',
  tow: 'A tow',
};
export const URGENCY_LABEL: Record<RequestItem['urgency'], string> = {
  today: 'Today',
  week: 'This week',
  flexible: 'No rush',
};
export const STATUS_LABEL: Record<RequestItem['status'], string> = {
  open: 'Open',
  taken: 'Offer accepted',
  closed: 'Closed',
  expired: 'Expired',
};
export const requestPath = (id: number) => `/broadcast/${id}`;
export const INCOMING_PATH = '/broadcast/incoming';
export const BROADCAST_PATH = '/broadcast';
export type RequestKind = RequestItem['kind'];

/**
 * The broadcast form, opened on one kind of request. A guest who follows it meets the login
 * page's broadcast message (the route guard) and comes back here after signing in.
 */
export const requestHref = (kind?: RequestKind) =>
  kind && kind !== 'part' ? `${BROADCAST_PATH}?kind=${kind}` : BROADCAST_PATH;

/** The kind a link asked for (?kind=), part by default. */
export const requestKindOf = (v: string | null): RequestKind =>
  v === 'mechanic' || v === 'tow' ? v : 'part';

/** "Brake Pads for Toyota Corolla 2012 · Ikeja, Lagos" */
export const requestTitle = (r: Pick<RequestItem, 'what' | 'vehicle' | 'city' | 'state'>) =>
  `${r.what}${r.vehicle ? ` for ${r.vehicle}` : ''} · ${r.city}, ${r.state}`;

/** Naira typed in a form (45000, 45,000.50) as kobo; null when it is not an amount. */
export function koboFromNaira(v: FormDataEntryValue | null): number | null {
  const s = String(v ?? '')
    .replace(/[₦,\s]/g, '')
    .trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}
