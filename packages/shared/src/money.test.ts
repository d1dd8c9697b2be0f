import { describe, expect, it } from 'vitest';
import { formatNaira, formatNairaCompact, groupDigits, salePrice } from './money.ts';

describe('formatNaira', () => {
  it('uses two decimals and thousands separators', () => {
    expect(formatNaira(45000)).toBe('₦45,000.00');
    expect(formatNaira(1234567.891)).toBe('₦1,234,567.89');
    expect(formatNaira('2500')).toBe('₦2,500.00');
    expect(formatNaira(-500)).toBe('-₦500.00');
    expect(formatNaira(0)).toBe('₦0.00');
  });
  it('shows ₦0.00 for anything that is not a number', () => {
    for (const bad of [NaN, Infinity, null, undefined, 'abc', '', {}, []]) {
      expect(formatNaira(bad)).toBe('₦0.00');
    }
  });
});

describe('formatNairaCompact', () => {
  it('uses K, M and B at 1e3, 1e6 and 1e9', () => {
    expect(formatNairaCompact(999)).toBe('₦999.00');
    expect(formatNairaCompact(1000)).toBe('₦1K');
    expect(formatNairaCompact(1500)).toBe('₦1.5K');
    expect(formatNairaCompact(2_345_000)).toBe('₦2.35M');
    expect(formatNairaCompact(1e9)).toBe('₦1B');
    expect(formatNairaCompact('x')).toBe('₦0.00');
  });
});

describe('salePrice', () => {
  it('has no original when sales is null', () => {
    expect(salePrice({ price: 100, sales: null })).toEqual({ current: 100, original: null });
  });
  it('uses sales as the current price and price as the original', () => {
    expect(salePrice({ price: 100, sales: 80 })).toEqual({ current: 80, original: 100 });
  });
});

describe('groupDigits', () => {
  // It stands in for Intl.NumberFormat (which costs a page its ICU data); Node has full ICU here.
  const intl = {
    none: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
    kobo: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    upToKobo: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
  } as const;
  it('writes what Intl.NumberFormat writes, for amounts in kobo and for any double', () => {
    const seed = Date.now() % 100000;
    let x = seed;
    const random = () => (x = (x * 48271) % 2147483647) / 2147483647;
    const values = [0, 1, 999, 1000, 0.005, 0.015, 1.005, 2.675, 999.995, 1e6, 123456789.125, 5e8];
    for (let i = 0; i < 5000; i++) {
      values.push(Math.floor(random() * 5e10) / 100); // a kobo amount in naira
      values.push(random() * 10 ** Math.floor(random() * 12)); // any double up to 1e12
    }
    for (const v of values)
      for (const mode of ['none', 'kobo', 'upToKobo'] as const)
        for (const n of [v, -v])
          expect(groupDigits(n, mode), `seed ${seed}: ${n} ${mode}`).toBe(
            intl[mode].format(n).replace(/^-0(\.0+)?$/, '0$1'),
          );
  });
  it('groups counts as plural() shows them', () => {
    expect(groupDigits(1204)).toBe('1,204');
    expect(groupDigits(10_000)).toBe('10,000');
    expect(groupDigits(7)).toBe('7');
  });
});
