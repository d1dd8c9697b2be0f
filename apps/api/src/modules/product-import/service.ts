import crypto from 'node:crypto';
import type { Db } from '@sf/db';
import { HttpError, forbidden, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { enqueue } from '../../lib/jobs.ts';
import { queueAlertMatching } from '../alerts/queue.ts';
import type { Storage } from '../../lib/storage.ts';
import { storeThenCommit } from '../../lib/uploads.ts';
import { addSearchWords, wordsOf } from '../catalog/bulk.ts';
import { invalidateCatalogLists } from '../catalog/service.ts';
import { sellerService } from '../seller/service.ts';
import { productRoom, SUBSCRIPTION_PAGES } from '../subscriptions/limits.ts';
import { checkEncoding, csvRows, CsvFileError, MAX_IMPORT_ROWS } from './csv.ts';
import { importRepository, type ImportRow } from './repository.ts';
import { loadReference, readRow, type GoodRow, type Problem } from './rows.ts';
import type { ImportItem } from './types.ts';

/** The job that reads a stored file into the catalogue (one per import). */
export const IMPORT_JOB = 'products.import';
/** Rows written per statement and per progress step. */
export const BATCH_ROWS = 500;
/** The report keeps this many problems; `badRows` counts every one. */
export const MAX_PROBLEMS = 1000;

/** Where the uploaded files are: the app's upload storage (lib/storage.ts). */
export type FileStore = Storage;

function itemOut(r: ImportRow): ImportItem {
  const problems = r.problems as Problem[];
  return {
    id: r.id,
    status: r.status as ImportItem['status'],
    fileName: r.fileName,
    totalRows: r.totalRows,
    processedRows: r.processedRows,
    created: r.created,
    updated: r.updated,
    badRows: r.badRows,
    problems,
    moreProblems: Math.max(0, countRows(problems, r.badRows)),
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    url: `/user/store/products/import?id=${r.id}`,
  };
}

/** Bad rows the report leaves out (it keeps the first MAX_PROBLEMS problems). */
function countRows(problems: Problem[], badRows: number) {
  return badRows - new Set(problems.map((p) => p.row)).size;
}

/** A refused file as the API's answer: 415 encoding, 413 too many rows, 400 a wrong header. */
const refuse = (e: CsvFileError) =>
  new HttpError(
    e.status,
    e.message,
    e.status === 415
      ? 'UNSUPPORTED_MEDIA_TYPE'
      : e.status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : 'VALIDATION',
    { file: e.message },
  );

export function importService(db: Db, files: FileStore) {
  const seller = sellerService(db);
  async function storesOf(userId: string) {
    const stores = await seller.storesOwnedBy(userId);
    if (stores.length === 0) throw forbidden('Only a store owner can import products');
    return stores;
  }

  return {
    /**
     * Checks an uploaded file (UTF-8, header, at most MAX_IMPORT_ROWS rows: a refused file is
     * never stored), stores it and queues its import. The rows themselves are checked by the job.
     */
    async start(
      userId: string,
      file: { name: string; data: Buffer },
      storeId?: number,
    ): Promise<{ item: ImportItem; key: string }> {
      const stores = await storesOf(userId);
      const store = storeId ?? stores[0];
      if (!stores.includes(store)) throw forbidden('This is not your store');
      let total = 0;
      try {
        checkEncoding(file.data);
        for await (const _ of csvRows(file.data)) total++;
      } catch (e) {
        if (e instanceof CsvFileError) throw refuse(e);
        throw e;
      }
      if (total === 0)
        throw new HttpError(400, 'The file has a header but no rows under it', 'VALIDATION', {
          file: 'The file has a header but no rows under it',
        });
      const key = `imports/i-${crypto.randomBytes(8).toString('hex')}.csv`;
      // The file first, then the row and its job in one transaction; a failure removes the file.
      const row = await storeThenCommit(files, [{ name: key, data: file.data }], () =>
        transaction(db, async (tx) => {
          const r = await importRepository(tx).insert({
            storeId: store,
            userId,
            fileName: file.name.slice(0, 200) || 'products.csv',
            fileKey: key,
            fileBytes: file.data.length,
            totalRows: total,
          });
          await enqueue(tx, IMPORT_JOB, { importId: r.id });
          return r;
        }),
      );
      return { item: itemOut(row), key };
    },

    async get(userId: string, id: string) {
      const stores = await storesOf(userId);
      const r = await importRepository(db).get(id, stores);
      if (!r) throw notFound('You have no import with this id');
      return { status: true as const, item: itemOut(r) };
    },

    async list(userId: string, storeId?: number) {
      const stores = await storesOf(userId);
      const store = storeId ?? stores[0];
      if (!stores.includes(store)) throw forbidden('This is not your store');
      const items = (await importRepository(db).recent(store, 10)).map(itemOut);
      return { status: true as const, items };
    },

    /**
     * The job: reads the stored file row by row, writes the good rows in batches (a SKU the
     * store has is updated, a new one added, both through the product rules and the plan
     * limit), and records progress and problems after each batch. Run again (a crash, a
     * retry), it starts over: rows already written are updated, not repeated.
     */
    async run(importId: string) {
      const imp = await importRepository(db).byId(importId);
      if (!imp || imp.status === 'done' || imp.status === 'failed') return;
      await importRepository(db).update(importId, {
        status: 'running',
        startedAt: new Date(),
        processedRows: 0,
        created: 0,
        updated: 0,
        badRows: 0,
        problems: [],
        message: null,
      });
      const place = await importRepository(db).store(imp.storeId);
      if (!place) return; // the store is gone (the import row with it)
      const store = { id: imp.storeId, stateId: place.state_id, cityId: place.city_id };
      const ref = await loadReference(db);
      const problems: Problem[] = [];
      const count = { processedRows: 0, created: 0, updated: 0, badRows: 0 };
      const skuRow = new Map<string, number>();
      // Every product the import wrote: one alerts job for the whole file, so saved searches
      // hear of it as one notice each, not one per batch.
      const written = new Set<number>();
      const words = new Set<string>();
      let batch: GoodRow[] = [];
      const bad = (list: Problem[]) => {
        count.badRows++;
        for (const p of list) if (problems.length < MAX_PROBLEMS) problems.push(p);
      };

      const flush = async () => {
        const list = batch;
        batch = [];
        if (list.length) {
          const done = await transaction(db, async (tx) => {
            // The plan's product limit, under the store's lock (subscriptions/limits.ts): new
            // SKUs past the room left are refused; rows that update a product add nothing.
            const room = await productRoom(tx, store.id);
            const have = await importRepository(tx).existingSkus(
              store.id,
              list.map((r) => r.sku),
            );
            let left = room.room;
            const rows = list.filter((r) => {
              if (have.has(r.sku) || left-- > 0) return true;
              bad([
                {
                  row: r.row,
                  field: 'sku',
                  message: `Not added: your ${room.plan.name} plan allows ${room.plan.item_limit.toLocaleString('en-NG')} products and your store is full. Upgrade your plan to add more: ${SUBSCRIPTION_PAGES.store}`,
                },
              ]);
              return false;
            });
            return rows.length
              ? importRepository(tx).upsert(store, rows)
              : { created: 0, updated: 0, ids: [] as number[] };
          });
          count.created += done.created;
          count.updated += done.updated;
          for (const id of done.ids) written.add(id);
          for (const r of list) wordsOf([r.name, r.title], words);
        }
        await importRepository(db).progress(importId, count, problems);
      };

      try {
        const stream = await files.open(imp.fileKey);
        if (!stream) throw new CsvFileError('The uploaded file is gone: upload it again.');
        for await (const r of csvRows(stream, MAX_IMPORT_ROWS)) {
          count.processedRows++;
          if (r.error !== undefined) bad([{ row: r.row, field: 'row', message: r.error }]);
          else if (r.extra > 0)
            bad([
              {
                row: r.row,
                field: 'row',
                message: `This row has more values than the header has columns: put quotes around a value that holds a comma ("Pads, front")`,
              },
            ]);
          else {
            const read = readRow(r.row, r.values, ref);
            const first = read.ok ? skuRow.get(read.ok.sku) : undefined;
            if (read.problems) bad(read.problems);
            else if (first !== undefined)
              bad([
                {
                  row: r.row,
                  field: 'sku',
                  message: `SKU ${read.ok.sku} is also on row ${first}: each row needs its own SKU`,
                },
              ]);
            else {
              skuRow.set(read.ok.sku, r.row);
              batch.push(read.ok);
            }
          }
          if (count.processedRows % BATCH_ROWS === 0) await flush();
        }
        await flush();
        await addSearchWords(db, words);
        invalidateCatalogLists(db);
        await queueAlertMatching(db, [...written], `alerts.import:${importId}`);
        // The imported listings' genuine-part signals, in the background (one job per import).
        await enqueue(
          db,
          'signals.scan',
          { storeId: imp.storeId },
          { key: `signals.import:${importId}` },
        );
        await importRepository(db).update(importId, { status: 'done', finishedAt: new Date() });
      } catch (e) {
        if (!(e instanceof CsvFileError)) throw e;
        // The file itself cannot be read any further: the rows written so far stay (a second
        // import of the mended file updates them by SKU).
        if (count.created + count.updated > 0) invalidateCatalogLists(db);
        await queueAlertMatching(db, [...written], `alerts.import:${importId}`);
        await importRepository(db).update(importId, {
          ...count,
          problems,
          status: 'failed',
          message: e.message,
          finishedAt: new Date(),
        });
      }
    },

    /** After the job's last attempt failed: the import says so instead of running forever. */
    async giveUp(importId: string, reason: string) {
      await importRepository(db).update(importId, {
        status: 'failed',
        message: `The import stopped: ${reason}. Nothing more will happen; upload the file again (rows already imported are updated, not repeated).`,
        finishedAt: new Date(),
      });
    },
  };
}
export type ImportService = ReturnType<typeof importService>;
