import { describe, expect, it } from 'vitest';
import { catalogueMaker, formatMaker, usablePart } from './partnumbers.ts';
import { medianFor } from './rules.ts';

// The part-number rules (decision 0022): distinctive formats name their maker; the shared 5-5
// shape never does; the catalogue names a family only on enough, unanimous evidence.

const maker = (n: string) => formatMaker(n)?.make ?? null;

describe('part-number formats', () => {
  it('reads a Mercedes-Benz number however it is spaced', () => {
    for (const n of ['A 000 983 07 12', 'A0009830712', 'a-000-983-07-12', ' A000 983 0712 '])
      expect(maker(n), n).toBe('Mercedes-Benz');
    // Without the A, ten digits are anyone's.
    expect(maker('000 983 07 12')).toBeNull();
  });
  it('reads a BMW number only in its 2-2-1-3-3 groups', () => {
    for (const n of ['11 42 7 953 129', '11-42-7-953-129', '11.42.7.953.129'])
      expect(maker(n), n).toBe('BMW');
    // Run together, 11 digits could be a phone number or a MAN truck part.
    expect(maker('11427953129')).toBeNull();
    expect(maker('08031234567')).toBeNull();
    expect(maker('51.05501-7010')).toBeNull();
  });
  it('reads a Honda number by the letters of its middle group', () => {
    for (const n of ['15400-PLM-A02', '15400PLMA02', '06455 S5A 010', '17220-RNA-A00'])
      expect(maker(n), n).toBe('Honda');
    expect(maker('15400-123-456')).toBeNull();
  });
  it('reads a Volkswagen group number by the letter in its first group', () => {
    for (const n of [
      '1K0 941 005 S',
      '5Q0-615-301-H',
      '06A 115 561 B',
      '1K0615301AA',
      '03L906088DH',
    ])
      expect(maker(n), n).toBe('Volkswagen');
    expect(maker('191 611 021')).toBeNull();
    // Mazda's 4-2-3 has the same characters; Mopar kits start with a letter.
    expect(maker('1A01-14-302')).toBeNull();
    expect(maker('K68078495AA')).toBeNull();
  });
  it('never judges the 5-5 numbers several makers share', () => {
    for (const n of [
      '04465-02220',
      '0446502220',
      '90915-YZZD2',
      '04465 0K240',
      '15208-65F0E',
      'D1060-1KA0A',
      '26300-35505',
      '16510-61A00',
      '15208AA100',
    ])
      expect(maker(n), n).toBeNull();
  });
  it('groups only numbers that can be one (6 characters, 3 digits)', () => {
    expect(usablePart('0446502220')).toBe(true);
    expect(usablePart('NA')).toBe(false);
    expect(usablePart('GENUINE')).toBe(false);
    expect(usablePart('12345')).toBe(false);
  });
});

describe('the catalogue as evidence', () => {
  const toyota = { makes: ['Toyota'], verified: false };
  it('names a family after 2 listings, or 1 from a verified store', () => {
    expect(catalogueMaker([toyota, { makes: ['Lexus'], verified: false }], ['Volkswagen'])).toEqual(
      { makes: ['Lexus', 'Toyota'], listings: 2 },
    );
    expect(catalogueMaker([toyota], ['Volkswagen'])).toBeNull();
    expect(catalogueMaker([{ ...toyota, verified: true }], ['Volkswagen'])).toEqual({
      makes: ['Toyota'],
      listings: 1,
    });
  });
  it('names nothing when the listing is in the family, has no fitment, or the evidence is split', () => {
    expect(catalogueMaker([toyota, toyota], ['Lexus'])).toBeNull();
    expect(catalogueMaker([toyota, toyota], [])).toBeNull();
    // Toyota's and Hyundai's 5-5 numbers collide: two families, no verdict.
    expect(
      catalogueMaker([toyota, toyota, { makes: ['Kia'], verified: false }], ['Volkswagen']),
    ).toBeNull();
    // Another seller says it fits a Volkswagen too.
    expect(
      catalogueMaker(
        [toyota, toyota, { makes: ['Audi', 'Toyota'], verified: false }],
        ['Volkswagen'],
      ),
    ).toBeNull();
    // Listings fitting several families, or none, are no evidence.
    expect(
      catalogueMaker([{ makes: ['Toyota', 'Honda'], verified: true }, toyota], ['Volkswagen']),
    ).toBeNull();
  });
});

describe('which median', () => {
  it("uses the part number's median from 6 listings, else the category's", () => {
    const cat = { median: 100, listings: 50 };
    expect(medianFor({ median: 900, listings: 6 }, cat)).toEqual({
      median: 900,
      listings: 6,
      by: 'part',
    });
    expect(medianFor({ median: 900, listings: 5 }, cat).by).toBe('category');
    expect(medianFor(null, cat).by).toBe('category');
  });
});
