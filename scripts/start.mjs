#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing and the server (apps/api/dist) when
// it is missing or older than its sources, then runs the one server process (API, static assets,
// server-rendered pages) with plain `node` and NODE_ENV=production by default.
// `npm run dev` (`--dev`): the TypeScript sources through the tsx loader, nothing compiled.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';
import { buildServer, ensureServerBuild, serverEntry } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webEntry = path.join(root, 'apps/web/build/server/index.js');
const dev = process.argv.includes('--dev');

if (!fs.existsSync(webEntry) || process.argv.includes('--rebuild')) {
  console.log('Building the web app (first start only)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@sf/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (!dev) {
  try {
    if (process.argv.includes('--rebuild')) await buildServer();
    else await ensureServerBuild();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}

const env = { ...SERVER_ENV, ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
// Demo data stays on for `npm start` on a laptop unless asked otherwise (README).
env.DEMO_DATA ??= 'true';
const child = spawn(
  process.execPath,
  dev
    ? [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/api/src/main.ts')]
    : [...SERVER_NODE_FLAGS, serverEntry],
  { cwd: root, env, stdio: 'inherit' },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
