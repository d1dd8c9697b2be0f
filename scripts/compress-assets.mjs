#!/usr/bin/env node
// Pre-compresses the built client assets (brotli and gzip) so @fastify/static serves the
// smallest file each phone accepts without compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/build/client');
let n = 0;
for (const file of fs.readdirSync(dir, { recursive: true })) {
  const p = path.join(dir, String(file));
  if (!/\.(js|css|svg|json|html|txt)$/.test(p) || !fs.statSync(p).isFile()) continue;
  const buf = fs.readFileSync(p);
  // Small files too: a page loads a dozen chunks under 1 KB, and brotli still takes a third to
  // a half off each (the JavaScript budget, decision 0009). A file that would not shrink is
  // sent as it is.
  const br = zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  });
  if (br.length >= buf.length) continue;
  fs.writeFileSync(`${p}.br`, br);
  const gz = zlib.gzipSync(buf, { level: 9 });
  if (gz.length < buf.length) fs.writeFileSync(`${p}.gz`, gz);
  n++;
}
console.log(`compressed ${n} assets`);
