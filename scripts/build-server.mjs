#!/usr/bin/env node
// The API compiled to JavaScript (apps/api/dist), so production runs it with plain `node`: no
// TypeScript loader at run time, no development dependencies on the servers, and none of the
// loader's transform caches and source texts in every process's heap (docs/deploy.md has the
// figures). esbuild bundles our own code (apps/api, packages/db, packages/shared) into a few
// ES modules; every npm package stays an import of node_modules, so native addons load as
// before and the tracing instrumentations (lib/telemetry.ts) can patch them as they load.
//
//   node scripts/build-server.mjs            build
//   node scripts/build-server.mjs --if-stale build unless the build is newer than every source;
//                                            without esbuild (npm ci --omit=dev) use what is there
//
// `npm run build` (with the web app), `npm start` and the tests that start servers call it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/api/dist');
/** The entry a server process runs. */
export const serverEntry = path.join(serverDist, 'main.js');
const stampFile = path.join(serverDist, 'build.json');
const ENTRIES = ['main', 'migrate-cli', 'storage-cli'];

/** Packages a production install has: the `dependencies` of the root and every workspace. */
function productionPackages() {
  const names = new Set();
  for (const dir of ['.', 'apps/api', 'apps/web', 'packages/db', 'packages/shared']) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    for (const name of Object.keys(pkg.dependencies ?? {})) names.add(name);
  }
  return names;
}

const packageName = (spec) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];

/** Whether apps/api/dist is missing or older than one of the sources it was built from. */
export function serverBuildStale() {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return true;
  }
  if (!ENTRIES.every((e) => fs.existsSync(path.join(serverDist, `${e}.js`)))) return true;
  for (const rel of stamp.inputs) {
    const st = fs.statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!st || st.mtimeMs > stamp.builtAt) return true;
  }
  return false;
}

export async function buildServer() {
  const started = Date.now();
  const esbuild = await import('esbuild');
  const allowed = productionPackages();
  const external = new Set();
  // Built beside and swapped in whole: a server starting from the old build meanwhile (a test
  // in another worker) never finds half a folder.
  const outdir = `${serverDist}.tmp-${process.pid}`;
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [e, `apps/api/src/${e}.ts`])),
    outdir,
    // Chunks beside the entries, so every file's `import.meta.url` is one folder deep as in src.
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Stack traces keep our function names; the source map (NODE_OPTIONS=--enable-source-maps)
    // maps them back to the TypeScript lines.
    sourcemap: 'linked',
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-stay-outside',
        setup(build) {
          // Our workspace packages are TypeScript: bundled. Everything else from npm is loaded
          // from node_modules at run time, and must be a production dependency.
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@sf/') || args.path.startsWith('node:')) return undefined;
            external.add(packageName(args.path));
            return { path: args.path, external: true };
          });
        },
      },
      {
        name: 'import-meta-url-of-the-source',
        setup(build) {
          // Files read beside a module (common-passwords.txt, the Paystack reference, the web
          // build) are found from the module's own place in src, as under tsx: its
          // `import.meta.url` becomes that source file's address, relative to the bundle.
          build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const text = await fs.promises.readFile(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            const rel = path.relative(outdir, args.path).split(path.sep).join('/');
            return {
              contents: text.replaceAll(
                'import.meta.url',
                `new URL(${JSON.stringify(rel)}, import.meta.url).href`,
              ),
              loader: 'ts',
            };
          });
        },
      },
    ],
  });
  const missing = [...external].filter((n) => !allowed.has(n) && !n.startsWith('node:')).sort();
  if (missing.length) {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw new Error(
      `the server imports ${missing.join(', ')} at run time, but a production install (npm ci --omit=dev) has no such package: move it to "dependencies"`,
    );
  }
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/'));
  fs.writeFileSync(
    path.join(outdir, 'build.json'),
    JSON.stringify({ builtAt: started, inputs }, null, 1),
  );
  const old = `${serverDist}.old-${process.pid}`;
  try {
    fs.renameSync(serverDist, old);
  } catch {
    // none yet, or another build moved it away first
  }
  try {
    fs.renameSync(outdir, serverDist);
  } catch {
    // Another build put its (equally fresh) folder there between the two renames: keep that one.
    fs.rmSync(outdir, { recursive: true, force: true });
  }
  fs.rmSync(old, { recursive: true, force: true });
  return { ms: Date.now() - started, inputs: inputs.length, external: [...external].sort() };
}

/** Builds when stale; without esbuild (a production install) keeps the build that is there. */
export async function ensureServerBuild({ quiet = false } = {}) {
  if (!serverBuildStale()) return;
  let hasEsbuild = true;
  try {
    await import('esbuild');
  } catch {
    hasEsbuild = false;
  }
  if (!hasEsbuild) {
    if (fs.existsSync(serverEntry)) return;
    throw new Error(
      'apps/api/dist is missing and esbuild is not installed: build the release with `npm ci && npm run build` first (docs/deploy.md)',
    );
  }
  const r = await buildServer();
  if (!quiet) console.log(`Built the server to apps/api/dist (${r.inputs} files, ${r.ms} ms)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    if (process.argv.includes('--if-stale')) await ensureServerBuild({ quiet: true });
    else {
      const r = await buildServer();
      console.log(`Built the server to apps/api/dist (${r.inputs} files, ${r.ms} ms)`);
    }
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
