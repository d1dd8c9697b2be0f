import { describe, expect, it } from 'vitest';
import { placeCookieValue, readPlaceCookie } from './place.ts';

describe('the place cookie', () => {
  it('reads a state, or a state and a city, wherever the cookie stands', () => {
    expect(readPlaceCookie('sf_place=25')).toEqual({ stateId: 25, cityId: null });
    expect(readPlaceCookie('a=1; sf_place=25.1204; b=2')).toEqual({ stateId: 25, cityId: 1204 });
    expect(placeCookieValue({ stateId: 25, cityId: 1204 })).toBe('25.1204');
    expect(placeCookieValue({ stateId: 25, cityId: null })).toBe('25');
  });

  it('ignores anything else', () => {
    for (const c of [
      '',
      null,
      'sf_place=',
      'sf_place=0',
      'sf_place=lagos',
      'sf_place=25.x',
      'sf_place=123456',
      'xsf_place=25',
      'sf_place=25;sf_place=26',
    ])
      expect(readPlaceCookie(c), String(c)).toEqual(
        c === 'sf_place=25;sf_place=26' ? { stateId: 25, cityId: null } : null,
      );
  });
});
