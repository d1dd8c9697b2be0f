import { describe, expect, it } from 'vitest';
import { day, monthYear } from './dates';

describe('day and monthYear', () => {
  it('write what en-NG Intl writes for Lagos, on random instants', () => {
    const intlDay = new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Africa/Lagos',
    });
    const intlMonth = new Intl.DateTimeFormat('en-NG', {
      month: 'short',
      year: 'numeric',
      timeZone: 'Africa/Lagos',
    });
    const seed = Date.now() % 100000;
    let x = seed || 1;
    const random = () => (x = (x * 48271) % 2147483647) / 2147483647;
    // Every month, the hour either side of Lagos midnight and of the new year, then random instants.
    const instants = [Date.UTC(2026, 11, 31, 22, 59, 59), Date.UTC(2026, 11, 31, 23, 0, 0)];
    for (let m = 0; m < 12; m++)
      instants.push(Date.UTC(2026, m, 1, 22, 30), Date.UTC(2026, m, 1, 23, 30));
    for (let i = 0; i < 2000; i++)
      instants.push(Math.floor(Date.UTC(2000, 0, 1) + random() * 40 * 365 * 864e5));
    for (const t of instants) {
      const iso = new Date(t).toISOString();
      expect(day(iso), `seed ${seed}: ${iso}`).toBe(intlDay.format(t));
      expect(monthYear(iso), `seed ${seed}: ${iso}`).toBe(intlMonth.format(t));
    }
  });
});
