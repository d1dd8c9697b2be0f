import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  checkMobile,
  checkPassword,
  codeDigits,
  guardReason,
  safeRedirect,
  validateNewPhoneAccount,
  validateRegistration,
} from './auth.ts';

describe('safeRedirect', () => {
  it('keeps paths of this site and refuses everything else', () => {
    expect(safeRedirect('/user/profile?tab=1')).toBe('/user/profile?tab=1');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
      '/auth/login',
      '/x\r\nSet-Cookie: a=b',
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});

describe('guardReason (guests refused on /user, /shopping, /broadcast, /admin)', () => {
  it('guards /user, /shopping, /broadcast and /admin, nothing else', () => {
    expect(guardReason('/user/profile')).toBe('login');
    expect(guardReason('/user')).toBe('login');
    expect(guardReason('/shopping/cart')).toBe('login');
    expect(guardReason('/admin/products/cat/3')).toBe('login');
    expect(guardReason('/broadcast')).toBe('broadcast');
    for (const open of [
      '/',
      '/users-guide',
      '/spares-parts',
      '/auth/login',
      '/store/ladipo',
      '/broadcasting',
    ])
      expect(guardReason(open)).toBeNull();
  });
});

describe('registration rules', () => {
  it('checks password length in characters, 8 to 128', () => {
    expect(checkPassword('1234567')).toMatch(/at least 8/);
    expect(checkPassword('🚗🚗🚗🚗🚗🚗🚗🚗')).toBeUndefined();
    expect(checkPassword('a'.repeat(128))).toBeUndefined();
    expect(checkPassword('a'.repeat(129))).toMatch(/at most 128/);
  });
  it('asks a Seller, Mechanic and Tow Van to name their business', () => {
    const base = {
      name: 'Ada Obi',
      email: 'ada@example.ng',
      phone: '08031234567',
      password: 'long-enough-pw',
    };
    expect(validateRegistration({ ...base, role: 'Buyer' })).toEqual({});
    expect(validateRegistration({ ...base, role: 'Seller' }).businessName).toBe(
      'Enter your store name',
    );
    expect(validateRegistration({ ...base, role: 'Mechanic' }).businessName).toBe(
      'Enter your workshop name',
    );
    expect(validateRegistration({ ...base, role: 'Tow Van' }).businessName).toBe(
      'Enter your garage name',
    );
    expect(validateRegistration({ ...base, role: 'Admin' }).role).toBeTruthy();
  });
});

describe('phone sign-in form rules', () => {
  it('a code is 6 digits, spaces and dashes allowed', () => {
    expect(codeDigits('123456')).toBe('123456');
    expect(codeDigits(' 123 456 ')).toBe('123456');
    expect(codeDigits('123-456')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456', '', '١٢٣٤٥٦'])
      expect(codeDigits(bad), bad).toBeUndefined();
  });
  it('the number must be a Nigerian mobile one, with words that say so', () => {
    expect(checkMobile('0803 123 4567')).toBeUndefined();
    expect(checkMobile('')).toBe('Enter your phone number');
    expect(checkMobile('+447911123456')).toBe(AUTH_MESSAGES.notNigerianMobile);
  });
  it('a new account needs a name, and a business name for a business role', () => {
    expect(validateNewPhoneAccount({})).toEqual({ name: AUTH_MESSAGES.nameForNewAccount });
    expect(validateNewPhoneAccount({ name: 'Ada' })).toEqual({});
    expect(validateNewPhoneAccount({ name: 'A' }).name).toBe('Enter your name');
    expect(validateNewPhoneAccount({ name: 'Ada', role: 'Seller' }).businessName).toMatch(
      /store name/,
    );
    expect(validateNewPhoneAccount({ name: 'Ada', role: 'Admin' }).role).toBeDefined();
    expect(
      validateNewPhoneAccount({ name: 'Ada', role: 'Mechanic', businessName: 'Ada Autos' }),
    ).toEqual({});
  });
});
