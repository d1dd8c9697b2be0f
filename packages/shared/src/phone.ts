import { NG_COUNTRY_CODE } from './constants.ts';

/**
 * Normalises a Nigerian phone number for chat links, keeping all 10 digits (an old version
 * dropped the last one): separators stripped; 0XXXXXXXXXX → +234XXXXXXXXXX; 234… (13 digits)
 * gets a +; +234… (14 chars) kept. Anything else is not a number we can link to: null.
 */
export function normalisePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = raw.replace(/[\s\-().]/g, '');
  if (/^\+234\d{10}$/.test(s)) return s;
  if (/^234\d{10}$/.test(s)) return `+${s}`;
  if (/^0\d{10}$/.test(s)) return `${NG_COUNTRY_CODE}${s.slice(1)}`;
  return null;
}

/** https://wa.me/<number without +>, or null when the number is not valid. */
export function whatsappLink(raw: string | null | undefined, text?: string): string | null {
  const n = normalisePhone(raw);
  if (!n) return null;
  const q = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${n.slice(1)}${q}`;
}

export function telLink(raw: string | null | undefined): string | null {
  const n = normalisePhone(raw);
  return n ? `tel:${n}` : null;
}
