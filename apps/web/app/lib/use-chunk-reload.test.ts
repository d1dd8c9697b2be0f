import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForStaleChunk } from './use-chunk-reload.ts';

describe('stale chunk reload', () => {
  let reloads = 0;
  beforeEach(() => {
    reloads = 0;
    vi.stubGlobal('window', { location: { reload: () => reloads++ } });
  });
  afterEach(() => vi.unstubAllGlobals());

  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
    };
  };

  it('reloads at most once per 10 seconds', () => {
    const storage = memory();
    expect(reloadForStaleChunk(1_000_000, storage)).toBe(true);
    expect(reloadForStaleChunk(1_005_000, storage)).toBe(false);
    expect(reloadForStaleChunk(1_010_001, storage)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('recognises failed chunk loads', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
