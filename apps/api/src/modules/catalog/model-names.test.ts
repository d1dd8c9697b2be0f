import { describe, expect, it } from 'vitest';
import { normaliseModelNames } from './model-names.ts';
import { parseSearch } from './search.ts';

// Typed forms of car model names become the words of the name in the reference (what fitment says).
const norm = (q: string) => normaliseModelNames(q.split(' ')).join(' ');

describe('car model names as typed', () => {
  it('splits run-together names into their words', () => {
    expect(norm('crv')).toBe('cr v');
    expect(norm('xtrail')).toBe('x trail');
    expect(norm('landcruiser prado')).toBe('land cruiser prado');
    expect(norm('santafe brake')).toBe('santa fe brake');
    expect(norm('cclass')).toBe('c class');
    expect(norm('mercedesbenz')).toBe('mercedes benz');
  });

  it('joins a one-word name typed in two', () => {
    expect(norm('rav 4')).toBe('rav4');
    expect(norm('4 runner')).toBe('4runner');
    expect(norm('gr 86')).toBe('gr86');
  });

  it('leaves names already in their words and ordinary words alone', () => {
    for (const q of [
      'land cruiser prado',
      'cr v',
      'rav4',
      'front bumper',
      'brake pad',
      'corolla 2010',
    ])
      expect(norm(q)).toBe(q);
    // Nissan's one-word Pickup is not Toyota's Pick-Up split in two.
    expect(norm('pickup')).toBe('pickup');
  });

  it('applies to what the search reads, with the dashes and spaces buyers type', () => {
    // As words (the car not read out of them) …
    const words = (q: string) => parseSearch(q, { car: false }).tokens;
    expect(words('CR-V head lamp')).toEqual(['cr', 'v', 'headlamp']);
    expect(words('Rav 4 shock absorbers')).toEqual(['rav4', 'shock', 'absorber']);
    expect(words('Landcruiser')).toEqual(['land', 'cruiser']);
    // … and as the car they name, leaving the part's words.
    expect(parseSearch('CR-V head lamp')).toMatchObject({ tokens: ['headlamp'], car: {} });
    expect(parseSearch('Rav 4 shock absorbers')).toMatchObject({
      tokens: ['shock', 'absorber'],
      car: { modelId: 2217 },
    });
    expect(parseSearch('Landcruiser').car?.modelId).toBe(2211);
  });
});
