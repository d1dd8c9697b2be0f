import { validateHeaderValue } from 'node:http';
import { describe, expect, it } from 'vitest';
import { REDIRECT_MAX, safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps paths of this site, query and fragment included', () => {
    expect(safeRedirectPath('/user/profile?tab=1')).toBe('/user/profile?tab=1');
    expect(safeRedirectPath('/blogs/blog/3#comments')).toBe('/blogs/blog/3#comments');
    expect(safeRedirectPath('/auth/login?redirectTo=%2Fuser%2Fcars')).toBe(
      '/auth/login?redirectTo=%2Fuser%2Fcars',
    );
    // Printable but not header-safe as typed: percent-encoded on the way out.
    expect(safeRedirectPath('/store/Ladipo Parts')).toBe('/store/Ladipo%20Parts');
    expect(safeRedirectPath('/store/Àbẹ́òkúta')).toBe(
      '/store/%C3%80b%E1%BA%B9%CC%81%C3%B2k%C3%BAta',
    );
  });

  it('refuses other hosts, schemes, control characters, invalid UTF-8 and overlong values', () => {
    const bad: unknown[] = [
      '//evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/.//evil.example',
      '/./\\evil.example',
      '/%2e//evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      ' /x',
      '',
      null,
      undefined,
      42,
      ['/x'],
      '/x\r\nSet-Cookie: a=b',
      '/\x1b',
      '/\x00',
      '/a\tb',
      '/\t/evil.example',
      '/x\x7f',
      '/x\u0085',
      '/\ufffd\ufffd', // %C0%AF decoded
      '/x\ud800',
      '/x\udc00y',
      '/' + 'a'.repeat(REDIRECT_MAX),
    ];
    for (const to of bad) expect(safeRedirectPath(to), JSON.stringify(to)).toBe('/');
    expect(safeRedirectPath('//evil.example', '/home')).toBe('/home');
  });

  it('answers only values a Location header accepts, whatever the input', () => {
    // Every character up to U+07FF and a few beyond, after "/": fallback or a same-site path.
    const codes = [...Array(0x800).keys(), 0x2028, 0x3000, 0xd800, 0xdfff, 0xfeff, 0xfffd, 0xffff];
    const wrong: string[] = [];
    for (const c of codes) {
      const out = safeRedirectPath(`/a${String.fromCharCode(c)}b`);
      let valid = /^\/(?![/\\])[\x21-\x7e]*$/.test(out);
      try {
        validateHeaderValue('location', out);
      } catch {
        valid = false;
      }
      if (!valid) wrong.push(`U+${c.toString(16)} -> ${JSON.stringify(out)}`);
    }
    expect(wrong).toEqual([]);
  });
});
