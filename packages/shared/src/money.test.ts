import { describe, expect, it } from 'vitest';
import { formatNaira, formatNairaCompact, salePrice } from './money.ts';

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
