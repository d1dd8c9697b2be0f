import { describe, expect, it } from 'vitest';
import { localPhone, nigerianMobile, normalisePhone, whatsappLink, telLink } from './phone.ts';

describe('normalisePhone', () => {
  it('replaces the leading 0 of an 11-digit number by +234 and keeps every digit', () => {
    expect(normalisePhone('08031234567')).toBe('+2348031234567');
  });
  it('keeps +234 numbers of 14 characters', () => {
    expect(normalisePhone('+2348031234567')).toBe('+2348031234567');
  });
  it('adds a + to 13-digit 234 numbers', () => {
    expect(normalisePhone('2348031234567')).toBe('+2348031234567');
  });
  it('strips spaces, dashes and brackets first', () => {
    expect(normalisePhone('0803 123-4567')).toBe('+2348031234567');
    expect(normalisePhone('(0803) 123 4567')).toBe('+2348031234567');
    expect(normalisePhone('+234 803 123 4567')).toBe('+2348031234567');
  });
  it('refuses anything else', () => {
    for (const bad of [
      '',
      null,
      undefined,
      '0803123456',
      '080312345678',
      '+23480312345',
      '+1 202 555 0100',
      'call me',
      '0900000000',
    ]) {
      expect(normalisePhone(bad)).toBeNull();
    }
  });
});

describe('chat links', () => {
  it('builds wa.me links without the +', () => {
    expect(whatsappLink('08031234567')).toBe('https://wa.me/2348031234567');
    expect(whatsappLink('08031234567', 'Hi, is it available?')).toBe(
      'https://wa.me/2348031234567?text=Hi%2C%20is%20it%20available%3F',
    );
    expect(telLink('08031234567')).toBe('tel:+2348031234567');
  });
  it('gives no link for an invalid number', () => {
    expect(whatsappLink('12345')).toBeNull();
    expect(telLink('12345')).toBeNull();
  });
});

describe('nigerianMobile (numbers a sign-in code can go to)', () => {
  it('takes 080…, +234…, 234… with separators, as E.164', () => {
    for (const n of [
      '08031234567',
      '+2348031234567',
      '2348031234567',
      '0803 123 4567',
      '0803-123-4567',
      '(0803) 123 4567',
    ])
      expect(nigerianMobile(n), n).toBe('+2348031234567');
    for (const n of ['07031234567', '08131234567', '09031234567', '09131234567', '07011234567'])
      expect(nigerianMobile(n), n).toMatch(/^\+234\d{10}$/);
  });
  it('refuses other countries, landlines, short and long numbers', () => {
    for (const n of [
      '+447911123456',
      '+12025550123',
      '+233241234567',
      '012345678',
      '01 234 5678',
      '+23412345678',
      '0803123456',
      '080312345678',
      '06031234567',
      '08231234567',
      '',
      null,
    ])
      expect(nigerianMobile(n), String(n)).toBeNull();
  });
  it('writes a number back the Nigerian way', () => {
    expect(localPhone('+2348031234567')).toBe('0803 123 4567');
    expect(localPhone('+447911123456')).toBe('+447911123456');
  });
});
