import { describe, expect, it } from 'vitest';
import { liteChoice, wantsLite } from './lite.ts';

describe('lite mode', () => {
  it('follows Save-Data unless the visitor chose', () => {
    expect(wantsLite(undefined, undefined)).toBe(false);
    expect(wantsLite('on', undefined)).toBe(true);
    expect(wantsLite(' ON ', 'a=1')).toBe(true);
    expect(wantsLite('off', undefined)).toBe(false);
    expect(wantsLite(undefined, 'sf_session=x; sf_lite=1')).toBe(true);
    expect(wantsLite('on', 'sf_lite=0')).toBe(false);
    expect(wantsLite(undefined, 'not_sf_lite=1')).toBe(false);
    expect(liteChoice('sf_lite=2')).toBeNull();
  });
});
