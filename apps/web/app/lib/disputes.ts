export type { DisputeAnswer, DisputeItem, DisputeList, DisputeMessage } from '@sf/api/types';

export const DISPUTE_REASON_OPTIONS = [
  { value: 'wrong_part', label: 'Wrong part' },
  { value: 'fake', label: 'Fake or not genuine' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'not_received', label: 'Not received' },
] as const;

/** Days after delivery during which a dispute can be opened (the API holds the rule). */
export const DISPUTE_WINDOW_DAYS = 7;

/** '₦4,000' from a naira amount typed in a form ('4000', '4,000.50'), in kobo; undefined when not a sum. */
export function koboOf(v: FormDataEntryValue | null): number | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.replace(/[,\s₦]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}
