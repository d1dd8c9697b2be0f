#!/usr/bin/env node
// better-sqlite3 12, the VIN decoder's driver on Node 20 (apps/api/src/modules/vin/sqlite.ts),
// installs through prebuild-install: it looks for a binary in npm's cache (_prebuilds), then
// downloads one from GitHub, and compiles SQLite when both fail. Here GitHub is out of reach, so
// every `npm ci` compiled: about two minutes of one core, most of `npm ci`'s time on this machine.
// After such a compile this keeps the binary in that cache, under the name prebuild-install looks
// for (it carries the version, this Node's ABI, the platform and the architecture), so the next
// `npm ci` on this machine unpacks it in a moment. .ci/run runs it after `npm ci`; it changes
// nothing when the binary is already kept or was never built.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('better-sqlite3/package.json'));
const binary = path.join(dir, 'build/Release/better_sqlite3.node');
const pkg = require(path.join(dir, 'package.json'));
const installer = path.dirname(require.resolve('prebuild-install/package.json', { paths: [dir] }));
// prebuild-install's own settings and naming, so the name is the one it will look for.
const settings = require(path.join(installer, 'rc.js'))(pkg);
const util = require(path.join(installer, 'util.js'));
const kept = util.cachedPrebuild(util.getDownloadUrl({ ...settings, pkg }));

if (fs.existsSync(kept)) console.log(`better-sqlite3: binary already kept at ${kept}`);
else if (!fs.existsSync(binary)) console.log('better-sqlite3: no binary built, nothing to keep');
else {
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  const tmp = `${kept}.${process.pid}.tmp`;
  // The layout of a prebuilt package: build/Release/<module>.node, unpacked into the package.
  const tar = spawnSync('tar', ['-czf', tmp, '-C', dir, 'build/Release/better_sqlite3.node'], {
    stdio: 'inherit',
  });
  if (tar.status !== 0) {
    fs.rmSync(tmp, { force: true });
    console.log('better-sqlite3: could not pack the binary; the next npm ci compiles again');
  } else {
    fs.renameSync(tmp, kept);
    console.log(`better-sqlite3: binary kept at ${kept} for the next npm ci on this machine`);
  }
}
