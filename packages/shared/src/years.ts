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
