/**
 * Builds a large catalogue for benchmarks: `npm run seed -- --products 100000` (DATABASE_URL for PostgreSQL,
 * otherwise the PGlite database in DATA_DIR). Migrates, loads reference data, makes sure the demo stores exist,
 * then adds N generated products (deterministic) in batches. On PostgreSQL, for large N, the search indexes are
 * dropped during the load and rebuilt after it (much faster than maintaining them row by row).
 */
import { sql } from 'drizzle-orm';
import { openDb, migrate, loadReferenceData, rows } from '@sf/db';
import { loadConfig } from './config.ts';
import { ensureStores, insertProducts } from './modules/catalog/bulk.ts';

/** The search indexes dropped during a large load and rebuilt after it, as the migrations made them. */
const REBUILT = ['products_search_bucket_idx', 'products_pn_trgm_idx', 'products_pn_prefix_idx'];

function arg(name: string, fallback?: string) {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.split('=')[1] : fallback;
}

async function main() {
  const n = Number(arg('products', '100000'));
  if (!Number.isInteger(n) || n < 1 || n > 5_000_000)
    throw new Error('--products must be a whole number from 1 to 5000000');
  const config = loadConfig();
  const handle = await openDb(
    config.databaseUrl ? { url: config.databaseUrl, poolSize: 4 } : { dataDir: config.dataDir },
  );
  const t0 = Date.now();
  await migrate(handle);
  await loadReferenceData(handle.db);
  const stores = await ensureStores(handle.db);
  const [{ existing }] = await rows<{ existing: number }>(
    handle.db,
    sql`select count(*)::int as existing from products`,
  );
  const big = handle.kind === 'postgres' && n >= 50_000;
  // Each index's own definition, read before it is dropped, so the rebuild cannot drift from the migrations.
  const definitions = big
    ? await rows<{ name: string; ddl: string }>(
        handle.db,
        sql`select indexname as name, indexdef as ddl from pg_indexes
          where tablename = 'products' and indexname in (${sql.join(
            REBUILT.map((x) => sql`${x}`),
            sql`, `,
          )})`,
      )
    : [];
  if (big && definitions.length < REBUILT.length)
    console.warn(
      'some search indexes are missing (an earlier load stopped?): recreate this database',
    );
  for (const { name } of definitions) await handle.db.execute(sql.raw(`drop index ${name}`));
  let lastLog = 0;
  await insertProducts(handle.db, {
    count: n,
    seed: 20261122 + existing,
    batch: 5000,
    workers: handle.kind === 'postgres' ? Number(arg('workers', '2')) : 1,
    stores,
    onProgress: (done) => {
      if (Date.now() - lastLog > 5000 || done === n) {
        lastLog = Date.now();
        const s = (Date.now() - t0) / 1000;
        console.log(
          `${done.toLocaleString('en')} / ${n.toLocaleString('en')} products (${s.toFixed(0)} s, ${Math.round(done / s)}/s)`,
        );
      }
    },
  });
  if (big) {
    if (handle.kind === 'postgres')
      await handle.db.execute(sql`set maintenance_work_mem = '512MB'`);
    for (const { name, ddl } of definitions) {
      const t = Date.now();
      await handle.db.execute(sql.raw(ddl));
      console.log(`rebuilt ${name} in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    }
  }
  await handle.db.execute(
    sql.raw(
      handle.kind === 'postgres'
        ? 'vacuum analyze products, product_fitments, product_images'
        : 'analyze',
    ),
  );
  const [{ total }] = await rows<{ total: number }>(
    handle.db,
    sql`select count(*)::int as total from products`,
  );
  console.log(
    `done: ${total.toLocaleString('en')} products in the catalogue, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  await handle.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
