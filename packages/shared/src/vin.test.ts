import { describe, expect, it } from 'vitest';
import {
  checkDigit,
  computeCheckDigit,
  modelYear,
  normaliseVin,
  partsLinkFor,
  validateVin,
  vinFacts,
  wmiInfo,
} from './vin.ts';

const NOV_2026 = new Date('2026-11-22T12:00:00Z');

describe('normaliseVin / validateVin', () => {
  it('trims, upper-cases and drops spaces and dashes', () => {
    expect(normaliseVin('  1hgcm8-2633 a004352 ')).toBe('1HGCM82633A004352');
    expect(validateVin(' 1hgcm82633a004352')).toEqual({ ok: true, vin: '1HGCM82633A004352' });
  });

  it('gives the length as the reason', () => {
    const r = validateVin('1HGCM82633A00435');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('A VIN has 17 characters; this one has 16');
    const long = validateVin('1HGCM82633A0043521');
    if (!long.ok) expect(long.reason).toBe('A VIN has 17 characters; this one has 18');
    const empty = validateVin('   ');
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.reason).toMatch(/Enter the VIN/);
  });

  it('names each forbidden I, O or Q and its position', () => {
    const r = validateVin('1HGCO82633A004352');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe('VINs never contain I, O or Q: found O at position 5');
      expect(r.positions).toEqual([5]);
    }
    const two = validateVin('IHGCM82633AOO4352');
    if (!two.ok)
      expect(two.reason).toBe(
        'VINs never contain I, O or Q: found I at position 1, O at position 12 and O at position 13',
      );
    const q = validateVin('1HGCM8263QA004352');
    if (!q.ok) expect(q.reason).toMatch(/found Q at position 10/);
  });

  it('refuses other characters and reports both problems at once', () => {
    const r = validateVin('1HGCM82633A00435*');
    if (!r.ok) expect(r.reason).toBe('A VIN has only letters and digits: found "*" at position 17');
    const both = validateVin('1HGCO82633A00435');
    expect(both.ok).toBe(false);
    if (!both.ok)
      expect(both.reasons).toEqual([
        'A VIN has 17 characters; this one has 16',
        'VINs never contain I, O or Q: found O at position 5',
      ]);
  });
});

describe('check digit (position 9)', () => {
  it('verifies a real North American VIN: 1HGCM82633A004352', () => {
    expect(computeCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(checkDigit('1HGCM82633A004352')).toEqual({ status: 'ok', actual: '3', expected: '3' });
  });
  it('computes X for a remainder of 10 and finds typos', () => {
    expect(computeCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(checkDigit('1M8GDM9AXKP042788').status).toBe('ok');
    expect(checkDigit('1HGCM82633A004353')).toMatchObject({
      status: 'mismatch',
      expected: expect.any(String),
    });
    expect(computeCheckDigit('JTDKB20U793123456')).toBe('2');
  });
  it('treats a mismatch as a warning only, and words it by market', () => {
    const us = vinFacts('1HGCM82643A004352', NOV_2026);
    expect(us.warnings.map((w) => w.code)).toEqual(['CHECK_DIGIT']);
    expect(us.warnings[0].message).toMatch(/check you typed/);
    // A European Volkswagen: Z fillers and no check digit.
    const eu = vinFacts('WVWZZZ1JZXW000001', NOV_2026);
    expect(eu.checkDigit.status).toBe('mismatch');
    expect(eu.warnings.find((w) => w.code === 'CHECK_DIGIT')?.message).toMatch(
      /outside North America/,
    );
    expect(validateVin('WVWZZZ1JZXW000001').ok).toBe(true);
  });
});

describe('model year (position 10)', () => {
  it('reads 2003 for the Honda Accord and uses position 7 for North America', () => {
    expect(modelYear('1HGCM82633A004352', NOV_2026)).toEqual({
      year: 2003,
      code: '3',
      alternative: null,
    });
    // Position 7 a digit: 1980–2009; a letter: 2010–2039.
    expect(modelYear('1G1ZT51806F100000', NOV_2026).year).toBe(2006);
    expect(modelYear('1G1ZB5ST8GF000000', NOV_2026).year).toBe(2016);
    expect(modelYear('1G1AB5EX1YF000000', NOV_2026).year).toBe(2000);
    expect(modelYear('5YJ3E1EA7KF000001', NOV_2026).year).toBe(2019);
  });
  it('never gives a year after next year', () => {
    // 'Y' with a letter at position 7 would be 2030: too late, so 2000.
    expect(modelYear('1G1AB5SX1YF000000', NOV_2026).year).toBe(2000);
    // 'V' is 1997 or 2027; 2027 models are on sale in November 2026.
    expect(modelYear('JTDKB20U7V3123456', NOV_2026)).toEqual({
      year: 2027,
      code: 'V',
      alternative: 1997,
    });
    expect(modelYear('JTDKB20U7V3123456', new Date('2025-06-01')).year).toBe(1997);
  });
  it('takes the recent year outside North America and names the alternative', () => {
    expect(modelYear('JTEBU5JR2A5012345', NOV_2026)).toEqual({
      year: 2010,
      code: 'A',
      alternative: 1980,
    });
    expect(modelYear('JTDKB20U793123456', NOV_2026)).toEqual({
      year: 2009,
      code: '9',
      alternative: null,
    });
  });
  it('has no year for 0, Z or U at position 10', () => {
    expect(modelYear('WDB203046ZA123456').year).toBeNull();
    expect(modelYear('VF3ABCDEF0J123456').year).toBeNull();
    expect(modelYear('WVWZZZ1JZUW000001').year).toBeNull();
    expect(vinFacts('VF3ABCDEF0J123456').warnings.map((w) => w.code)).toContain('NO_YEAR');
  });
});

describe('WMI: where and by whom', () => {
  it('maps the common regions and countries', () => {
    expect(wmiInfo('JTEBU5JR2A5012345')).toEqual({
      wmi: 'JTE',
      region: 'Asia',
      country: 'Japan',
      maker: 'Toyota',
    });
    expect(wmiInfo('KMHDN41BP6U000000')).toMatchObject({
      region: 'Asia',
      country: 'South Korea',
      maker: 'Hyundai',
    });
    expect(wmiInfo('1HGCM82633A004352')).toMatchObject({
      region: 'North America',
      country: 'United States',
      maker: 'Honda',
    });
    expect(wmiInfo('2T1BURHE0JC000000')).toMatchObject({ country: 'Canada', maker: 'Toyota' });
    expect(wmiInfo('3N1AB7AP5HY000000')).toMatchObject({ country: 'Mexico', maker: 'Nissan' });
    expect(wmiInfo('WDB2030461A123456')).toMatchObject({
      region: 'Europe',
      country: 'Germany',
      maker: 'Mercedes-Benz',
    });
    expect(wmiInfo('VF3ABCDEF0J123456')).toMatchObject({ country: 'France', maker: 'Peugeot' });
    expect(wmiInfo('VSSZZZ6JZ9R000000')).toMatchObject({ country: 'Spain', maker: 'SEAT' });
    expect(wmiInfo('SALLSAA139A000000')).toMatchObject({
      country: 'United Kingdom',
      maker: 'Land Rover',
    });
    expect(wmiInfo('ZFA16900000000000')).toMatchObject({ country: 'Italy', maker: 'Fiat' });
    expect(wmiInfo('LSVAU033512000000')).toMatchObject({ country: 'China' });
    expect(wmiInfo('MA3ERLF1S00000000')).toMatchObject({ country: 'India', maker: 'Suzuki' });
    expect(wmiInfo('MR0FZ22G000000000')).toMatchObject({ country: 'Thailand', maker: 'Toyota' });
    expect(wmiInfo('MHFXW42G000000000')).toMatchObject({ country: 'Indonesia' });
    expect(wmiInfo('AHTFR22G000000000')).toMatchObject({
      region: 'Africa',
      country: 'South Africa',
      maker: 'Toyota',
    });
    expect(wmiInfo('9BWZZZ377VT000000')).toMatchObject({
      region: 'South America',
      country: 'Brazil',
    });
  });
  it('knows the region even where the country is not in the table', () => {
    expect(wmiInfo('U5YFF24128L000000')).toMatchObject({ region: 'Europe' });
  });
});

describe('partsLinkFor', () => {
  it("uses the parts filter's query names and leaves out what is unknown", () => {
    expect(partsLinkFor({ makeId: 474, modelId: 1861, year: 2003 })).toBe(
      '/spares-parts?carmake=474&carmodel=1861&caryear=2003',
    );
    expect(partsLinkFor({ makeId: 449, modelId: null, year: null })).toBe(
      '/spares-parts?carmake=449',
    );
  });
});
