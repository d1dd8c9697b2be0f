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

/**
 * A Nigerian mobile number in E.164 (+234 7xx, 8xx, 9xx with 0 or 1 next: 0703…, 0803…, 0813…,
 * 0903…, 0913…): the numbers an SMS reaches. Other countries and landlines are refused where a
 * code is sent. Takes any spelling normalisePhone takes; null when it is not one.
 */
export function nigerianMobile(raw: string | null | undefined): string | null {
  const n = normalisePhone(raw);
  return n && /^\+234[789][01]\d{8}$/.test(n) ? n : null;
}

/** +2348031234567 → 0803 123 4567, the way Nigerians write their numbers. */
export function localPhone(e164: string): string {
  const m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : e164;
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
