#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing, then runs the one server process
// (API, static assets, server-rendered pages) with NODE_ENV=production by default.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/web/build/server/index.js');

if (!fs.existsSync(serverEntry) || process.argv.includes('--rebuild')) {
  console.log('Building the web app (first start only)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const env = { ...SERVER_ENV, ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
// Demo data stays on for `npm start` on a laptop unless asked otherwise (README).
env.DEMO_DATA ??= 'true';
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/api/src/main.ts')],
  { cwd: root, env, stdio: 'inherit' },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
