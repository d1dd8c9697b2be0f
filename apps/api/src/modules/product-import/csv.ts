import { Readable, Transform } from 'node:stream';
import { parse, type CsvError, type Options } from 'csv-parse';
import { textProblem } from '../../lib/uploads.ts';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@sf/shared';

// Reading a seller's CSV file: its encoding, its header, its records as a stream with the row
// number a spreadsheet shows (the header is row 1). No rules of products here (rows.ts).

/** One import takes at most this many rows; a bigger file is refused before anything is written. */
export const MAX_IMPORT_ROWS = IMPORT_MAX_ROWS;
/** The largest file accepted: 10,000 rows of full descriptions fit well inside it. */
export const MAX_IMPORT_BYTES = IMPORT_MAX_BYTES;

/** The columns, in the template's order; `required` ones must be in the header and filled. */
export const COLUMNS = IMPORT_COLUMNS;
export type ColumnName = (typeof COLUMNS)[number]['name'];

/** A refused file: the message tells the seller what to do; nothing of it is imported. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    /** 415: not UTF-8 text; 413: too many rows; 400: a header the import cannot read. */
    public status: 400 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

/** Refuses what is not UTF-8 CSV text, with the way out (the upload pipeline's words). */
export function checkEncoding(bytes: Uint8Array): void {
  const problem = textProblem(bytes);
  if (problem) throw new CsvFileError(problem, 415);
}

/** A header cell as a column name: 'Sale price', 'SALE-PRICE' and 'sale_price' are the same. */
const columnKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Which column each position of the header holds; refuses unknown, repeated and missing ones. */
export function readHeader(cells: string[]): (ColumnName | null)[] {
  const known = new Set<string>(COLUMNS.map((c) => c.name));
  const out: (ColumnName | null)[] = [];
  const seen = new Set<string>();
  const all = COLUMNS.map((c) => c.name).join(', ');
  cells.forEach((cell, i) => {
    const k = columnKey(cell);
    if (!k) {
      out.push(null); // an empty header cell: a column the seller left blank
      return;
    }
    if (!known.has(k))
      throw new CsvFileError(
        `Column ${i + 1} of the header is "${cell.trim().slice(0, 40)}", which the import does not know. The columns are: ${all}. Start from the template.`,
      );
    if (seen.has(k)) throw new CsvFileError(`The header names the column "${k}" twice.`);
    seen.add(k);
    out.push(k as ColumnName);
  });
  const missing = COLUMNS.filter((c) => c.required && !seen.has(c.name)).map((c) => c.name);
  if (missing.length)
    throw new CsvFileError(
      `The header (the first row) must name the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. The columns are: ${all}. Start from the template.`,
    );
  return out;
}

/** A record with its row number as a spreadsheet shows it (the header is row 1). */
export type CsvRow =
  | { row: number; values: Partial<Record<ColumnName, string>>; extra: number; error?: undefined }
  | { row: number; error: string; values?: undefined; extra?: undefined };

function readError(e: CsvError): string {
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quote opened on this row is never closed, so this row and every row after it could not be read. Close the quote, or write a quote inside a quoted value as two ("").';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'A quoted value is followed by more text before the next comma (like "abc"def), so this row and every row after it could not be read. Put the whole value in quotes and write a quote inside it as two ("abc""def").';
    case 'INVALID_OPENING_QUOTE':
      return 'A value holds a quote but is not in quotes itself (like 15" rim). Put the whole value in quotes and write the quote inside it as two ("15"" rim").';
    default:
      return `This row could not be read as CSV: ${e.message}`;
  }
}

/** Turns bytes into text, failing on the first byte that is not UTF-8 (the stream twin of checkEncoding). */
function utf8Text() {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const fail = () =>
    new CsvFileError(
      "This file is not UTF-8 text. Save it as 'CSV UTF-8 (Comma delimited)' and upload it again.",
      415,
    );
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(fail());
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(fail());
      }
    },
  });
}

/**
 * The rows of a CSV file, streamed: the header is read first (refused as a whole when wrong),
 * then every data row comes with its spreadsheet row number, its values by column, or the
 * reason it could not be read. Empty rows are skipped (but counted, so numbers match the
 * spreadsheet). Stops with a CsvFileError past `maxRows` data rows.
 */
export async function* csvRows(
  input: Readable | Uint8Array,
  maxRows = MAX_IMPORT_ROWS,
): AsyncGenerator<CsvRow> {
  let row = 0;
  // Parse order is exact only inside the parser's callbacks: number records and skips there.
  const skipped: { row: number; error: string; last: boolean }[] = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_records_with_error: true,
    // The typings want on_record to return the input type; it may return any value.
    on_record: ((record: string[]) => ({ row: ++row, record })) as unknown as Options['on_record'],
    on_skip: (err: CsvError | undefined) => {
      // After a quote that is never closed, or closed in the middle of a value, the parser cannot
      // tell where the next rows start: reading stops there (the message says so).
      const last =
        err?.code === 'CSV_QUOTE_NOT_CLOSED' || err?.code === 'CSV_INVALID_CLOSING_QUOTE';
      skipped.push({
        row: ++row,
        error: err ? readError(err) : 'This row could not be read',
        last,
      });
      return undefined;
    },
  } satisfies Options);
  const source = input instanceof Uint8Array ? Readable.from([Buffer.from(input)]) : input;
  source.on('error', (e) => parser.destroy(e));
  source
    .pipe(utf8Text())
    .on('error', (e) => parser.destroy(e))
    .pipe(parser);
  let header: (ColumnName | null)[] | null = null;
  let dataRows = 0;
  let stopped = false;
  const flushSkipped = function* (upTo: number) {
    while (skipped.length && skipped[0].row < upTo) {
      const s = skipped.shift()!;
      if (!header) throw new CsvFileError(`The header (row 1) could not be read: ${s.error}`);
      if (++dataRows > maxRows) throw tooMany(maxRows);
      yield { row: s.row, error: s.error };
      if (s.last) stopped = true;
      if (stopped) return;
    }
  };
  for await (const rec of parser as AsyncIterable<{ row: number; record: string[] }>) {
    yield* flushSkipped(rec.row);
    if (stopped) break;
    if (rec.record.every((v) => v.trim() === '')) continue;
    if (!header) {
      header = readHeader(rec.record);
      continue;
    }
    if (++dataRows > maxRows) throw tooMany(maxRows);
    const values: Partial<Record<ColumnName, string>> = {};
    let extra = 0;
    rec.record.forEach((v, i) => {
      const col = i < header!.length ? header![i] : null;
      if (col) values[col] = v;
      else if (i >= header!.length && v.trim() !== '') extra++;
    });
    yield { row: rec.row, values, extra };
  }
  if (!stopped) yield* flushSkipped(Infinity);
  parser.destroy();
  if (!header) throw new CsvFileError('The file is empty: start from the template.');
}

const tooMany = (max: number) =>
  new CsvFileError(
    `This file has more than ${max.toLocaleString('en-NG')} rows: one import takes at most ${max.toLocaleString('en-NG')}. Split it into files of ${max.toLocaleString('en-NG')} rows or fewer (each with the header row) and import them one after the other.`,
    413,
  );
