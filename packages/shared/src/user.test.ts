import { describe, expect, it } from 'vitest';
import { guestUser, makeGuestId } from './user.ts';
import { yearOptions } from './years.ts';
import { BREAKPOINTS } from './constants.ts';

describe('guest user', () => {
  it('has a random 64-character alphanumeric id', () => {
    const a = makeGuestId();
    const b = makeGuestId();
    expect(a).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(a).not.toBe(b);
  });
  it('has the guest defaults', () => {
    const g = guestUser('x');
    expect(g).toEqual({
      name: 'guest',
      id: 'x',
      telephone: '0900000000',
      isauthenticated: false,
      role: 'guest',
      store: null,
    });
  });
});

describe('yearOptions', () => {
  it('runs from the current year down to 1970', () => {
    const ys = yearOptions();
    expect(ys[0]).toEqual({
      label: String(new Date().getFullYear()),
      value: new Date().getFullYear(),
    });
    expect(ys.at(-1)).toEqual({ label: '1970', value: 1970 });
  });
  it('never goes below 1970 or above this year', () => {
    const ys = yearOptions(1950, 3000);
    expect(ys.at(-1)!.value).toBe(1970);
    expect(ys[0].value).toBe(new Date().getFullYear());
  });
});

describe('breakpoints', () => {
  it('match the contract', () => {
    expect(BREAKPOINTS).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
  });
});
