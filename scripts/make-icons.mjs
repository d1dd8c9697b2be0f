// Draws the app's icons (manifest, home screen, notifications) from apps/web/icons/icon.svg.
// The PNGs are committed; run again after changing the drawing: node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.resolve('apps/api/package.json'));
const sharp = require('sharp');

const src = fs.readFileSync('apps/web/icons/icon.svg', 'utf8');
const out = 'apps/web/public/icons';
fs.mkdirSync(out, { recursive: true });

// "any": rounded corners, transparent outside them. "maskable": full bleed, the drawing shrunk
// into the middle 80% so a launcher's circle or squircle never cuts the gear.
const rounded = src.replace(
  '<rect width="512" height="512"',
  '<rect width="512" height="512" rx="96"',
);
const maskable = src.replaceAll(
  '<g transform="translate(256 256)"',
  '<g transform="translate(256 256) scale(0.8)"',
);

const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['icon-maskable-192.png', maskable, 192],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 512) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(name, fs.statSync(path.join(out, name)).size, 'bytes');
}
