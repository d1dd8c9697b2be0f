// Product constants. They are contracts (docs/contracts.md): change them only with that document.
import { groupDigits } from './money.ts';
export const PAGE_SIZE = 50;
export const SEARCH_MIN_CHARS = 3; // search runs only when the text is LONGER than this
export const DEBOUNCE_LOCAL_MS = 100;
export const DEBOUNCE_SERVER_MS = 500;
export const TOAST_DURATION_MS = 10_000;
export const SWIPE_CLOSE_PX = 60;
export const GUEST_ID_LENGTH = 64;
export const GUEST_TELEPHONE = '0900000000';
export const RELOAD_GUARD_MS = 10_000;
export const YEAR_FROM = 1970;
export const NG_COUNTRY_CODE = '+234';
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export const IMAGE = {
  densities: [1, 2],
  quality: 80,
  placeholder: { quality: 50, blur: 3, width: 10, height: 10 },
  thumbnailWebpQuality: 0.7,
} as const;
export const CONDITION = { New: 1, Used: 2 } as const;
export const CONDITION_LABELS: Record<number, string> = { 1: 'New', 2: 'Used (Tokunbo)' };
export const DAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const ROLES = ['Buyer', 'Seller', 'Mechanic', 'Tow Van'] as const;
export type PublicRole = (typeof ROLES)[number];
export type Role = PublicRole | 'Admin' | 'guest';
/** Statuses the API client retries once on safe methods. */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

/** An Idempotency-Key for checkout: 8 to 100 letters, digits and - _ . : (a UUID fits). */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;
/** The periods a store's figures cover, in days (the dashboard's 7/30/90 switch). */
export const STORE_FIGURE_DAYS = [7, 30, 90] as const;
/** A product with this many or fewer left is on the store's low-stock list. */
export const LOW_STOCK_AT = 3;

/** The longest chat message in characters (the chat_messages check constraint says the same). */
export const CHAT_MESSAGE_MAX = 2000;

/** A message's length as the limit counts it: characters, not UTF-16 units (an emoji is one). */
export const chatLength = (body: string) => [...body].length;

/**
 * What the chat says to a message over the limit, in the browser's counter and the API's refusal
 * alike: never cut silently (a pasted price list loses its end without anyone noticing).
 */
export const chatTooLong = (length: number) =>
  `Your message is ${groupDigits(length)} characters long: the most is ${groupDigits(CHAT_MESSAGE_MAX)}. Shorten it or send it in parts.`;
