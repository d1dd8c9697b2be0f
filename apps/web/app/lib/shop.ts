/** What the cart, checkout and orders API answers (amounts in kobo), from its response schemas. */
export type {
  CartLine,
  CartStore,
  CartView,
  OrderView,
  PaymentsMode,
  Quote,
  QuoteStore,
} from '@sf/api/types';

/** A date and time as people in Lagos read it. */
export function when(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));
}

/** A form field as a whole number, or undefined. */
export function intField(v: FormDataEntryValue | null): number | undefined {
  if (typeof v !== 'string' || !/^\d{1,10}$/.test(v.trim())) return undefined;
  const n = Number(v.trim());
  return n > 0 && n <= 2147483647 ? n : undefined;
}
