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

// The dates public pages show (a review's day, a store's 'selling since') are written by hand, not
// with Intl.DateTimeFormat: the first Intl formatter a browser makes loads its ICU data (35-75 ms
// of main thread on a slow phone, during hydration), and the server's ICU and the phone's may
// name a month differently. The names are en-NG's ('Sept'); Lagos keeps UTC+1 all year (no
// daylight saving). dates.test.ts holds them to Intl's output.
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

const inLagos = (iso: string) => new Date(new Date(iso).getTime() + LAGOS_OFFSET_MS);

/** '12 Nov 2026' as people in Lagos read it. */
export function day(iso: string): string {
  const d = inLagos(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 'Nov 2026' as people in Lagos read it. */
export function monthYear(iso: string): string {
  const d = inLagos(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
