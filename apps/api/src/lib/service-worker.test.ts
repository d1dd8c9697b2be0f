import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { serviceWorkerScript, shellFiles, SW_SOURCE } from './service-worker.ts';

const assets = (version: string, rootModule = '/assets/root-a1.js') =>
  ({
    url: '/assets/manifest-1.js',
    version,
    entry: { module: '/assets/entry.client-e1.js', imports: ['/assets/shell-s1.js'] },
    routes: {
      root: { module: rootModule, imports: ['/assets/shell-s1.js'], css: ['/assets/root-c1.css'] },
      'routes/offline': { module: '/assets/offline-o1.js', imports: [] },
      'routes/product': { module: '/assets/product-p1.js', imports: [] },
    },
  }) as unknown as ServerBuild['assets'];

describe('the service worker as served', () => {
  const source = fs.readFileSync(SW_SOURCE, 'utf8');

  it('precaches the shell: entry, root and offline chunks, CSS, the offline page and icons', () => {
    const shell = shellFiles(assets('v1'));
    expect(shell).toEqual(
      expect.arrayContaining([
        '/assets/manifest-1.js',
        '/assets/entry.client-e1.js',
        '/assets/shell-s1.js',
        '/assets/root-a1.js',
        '/assets/root-c1.css',
        '/assets/offline-o1.js',
        '/offline',
        '/manifest.webmanifest',
        '/icons/icon-192.png',
      ]),
    );
    // Other pages' code is kept when they are visited, not up front.
    expect(shell).not.toContain('/assets/product-p1.js');
    expect(new Set(shell).size).toBe(shell.length);
  });

  it('fills in its version and shell, and a new build is a new version', () => {
    const a = serviceWorkerScript(source, { assets: assets('v1') }, 'dev');
    expect(a.body).not.toContain('__SF_');
    expect(a.body).toContain(`const VERSION = "${a.version}"`);
    expect(a.body).toContain(JSON.stringify(a.shell));
    // The script parses as JavaScript.
    expect(() => new Function(a.body)).not.toThrow();
    expect(serviceWorkerScript(source, { assets: assets('v1') }, 'dev').version).toBe(a.version);
    expect(serviceWorkerScript(source, { assets: assets('v2') }, 'dev').version).not.toBe(
      a.version,
    );
    expect(
      serviceWorkerScript(source, { assets: assets('v1', '/assets/root-b2.js') }, 'dev').version,
    ).not.toBe(a.version);
    expect(serviceWorkerScript(source, { assets: assets('v1') }, '1.2.3').version).not.toBe(
      a.version,
    );
    expect(serviceWorkerScript(`${source}\n`, { assets: assets('v1') }, 'dev').version).not.toBe(
      a.version,
    );
  });
});
