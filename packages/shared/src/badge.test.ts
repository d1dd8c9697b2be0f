import { describe, expect, it } from 'vitest';
import { badgeColour, initials } from './badge.ts';

describe('a business badge', () => {
  it('takes two letters from the name, skipping filler words', () => {
    expect(initials('Ladipo Auto Clinic')).toBe('LA');
    expect(initials('The Tow Masters Ltd')).toBe('TM');
    expect(initials('Chukwudi & Sons Enterprises')).toBe('CS');
    expect(initials('Olumide')).toBe('OL');
    expect(initials('  -- ')).toBe('?');
  });

  it('gives one name the same colour everywhere, and different names different colours', () => {
    expect(badgeColour('Ladipo Auto Clinic')).toBe(badgeColour('Ladipo Auto Clinic'));
    const hues = new Set(
      [
        'Ladipo Auto Clinic',
        'Tanke Ilorin Auto Care',
        'Wuse Motors',
        'Lekki Towing',
        'Aba Fix',
      ].map(badgeColour),
    );
    expect(hues.size).toBe(5);
    for (const c of hues) expect(c).toMatch(/^hsl\((\d|[1-9]\d|[12]\d\d|3[0-5]\d) 50% 32%\)$/);
  });
});
