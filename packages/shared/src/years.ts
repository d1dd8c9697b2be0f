import { YEAR_FROM } from './constants.ts';
import type { Option } from './api.ts';

/** Year options from `to` (default: this year) down to `from` (at least 1970). */
export function yearOptions(from = YEAR_FROM, to = new Date().getFullYear()): Option<number>[] {
  const out: Option<number>[] = [];
  for (let y = Math.min(to, new Date().getFullYear()); y >= Math.max(from, YEAR_FROM); y--) {
    out.push({ label: String(y), value: y });
  }
  return out;
}

/**
 * Engine sizes a buyer picks from (litres, as said in the market: 'a 1.8 Corolla'); the garage
 * accepts any size from 0.6 to 9.9 written the same way.
 */
export const ENGINE_SIZES = [
  '1.0',
  '1.2',
  '1.3',
  '1.4',
  '1.5',
  '1.6',
  '1.8',
  '2.0',
  '2.2',
  '2.4',
  '2.5',
  '2.7',
  '3.0',
  '3.3',
  '3.5',
  '3.6',
  '3.8',
  '4.0',
  '4.6',
  '4.7',
  '5.0',
  '5.7',
] as const;
export const ENGINE_PATTERN = /^(?:0\.[6-9]|[1-9]\.[0-9])$/;
