import { describe, expect, it } from 'vitest';
import { orderNumber, plural } from './words.ts';

describe('words', () => {
  it('counts with the right noun: one is singular, none and many plural', () => {
    expect(plural(1, 'part')).toBe('1 part');
    expect(plural(0, 'part')).toBe('0 parts');
    expect(plural(2, 'part')).toBe('2 parts');
    expect(plural(1204, 'part')).toBe('1,204 parts');
    expect(plural(1, 'address', 'addresses')).toBe('1 address');
    expect(plural(3, 'address', 'addresses')).toBe('3 addresses');
  });
  it('names an order one way', () => {
    expect(orderNumber(11)).toBe('SF-000011');
    expect(orderNumber(1234567)).toBe('SF-1234567');
  });
});
