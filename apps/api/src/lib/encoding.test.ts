import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './encoding.ts';

describe('acceptedEncoding', () => {
  it.each([
    // Chrome on Android, Firefox, curl --compressed, Node's fetch
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['deflate, gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.1, gzip;q=1', 'br'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, want) => {
    expect(acceptedEncoding(header)).toBe(want);
  });
  it('reads a header sent twice', () => {
    expect(acceptedEncoding(['identity', 'gzip'])).toBe('gzip');
  });
});
