import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { IMAGE } from '@sf/shared';
import { HttpError, invalid } from './errors.ts';
import { redirectSafely } from './redirect.ts';
import { storageFor, type Storage } from './storage.ts';

/*
 * The one upload pipeline (decisions 0008 and 0013). A route that takes files calls
 * `receiveFiles` with its own limits; each file arrives capped (streamed, never more than the cap
 * in memory), typed by its first bytes, and is handed to the route's `each` one at a time (for a
 * picture: `imageVariants`, which strips EXIF and resizes with sharp). Whatever the route keeps is
 * written with `storeFiles` (all or none) through the app's `Storage`; a failure after that
 * removes them again with `removeFiles`. `answerUpload` gives forms without JavaScript a redirect
 * back to their page instead of JSON.
 */

// libvips' operation cache (by default up to 50 MB, 100 operations and 20 open files per
// process) lets an identical pipeline on the same input reuse its result. Every picture here is
// resized once and the result stored (uploads), or rendered once and kept on disk (generated
// pictures, modules/images), so the cache only ever held memory: off.
sharp.cache(false);
// One libvips worker thread per image rather than one per core: in production each core already
// runs a server process (WEB_CONCURRENCY=auto), so the default gives N processes N threads each,
// with a working buffer per thread, and no more throughput than one each once several pictures
// are in flight (only a single upload on an idle server finishes sooner with more).
sharp.concurrency(1);

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (lib/storage.ts): the S3_URL bucket, else disk under DATA_DIR/images. */
    storage: Storage;
  }
}

/** The ceilings of every multipart request; each route asks for less in `receiveFiles`. */
export const MULTIPART_CEILING = {
  fileSize: 20 * 1024 * 1024,
  files: 10,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 40,
  headerPairs: 100,
} as const;

/** The folder of public files when none is configured (tests, a bare buildApp). */
export const defaultFilesDir = () => path.join(os.tmpdir(), 'sf-images');

/** Registers multipart parsing once, for every module, and the app's storage. */
export async function installUploads(app: FastifyInstance) {
  app.decorate(
    'storage',
    storageFor({ s3Url: app.config.s3Url, dir: app.config.imagesDir ?? defaultFilesDir() }),
  );
  await app.register(multipart, { limits: MULTIPART_CEILING, throwFileSizeLimit: false });
}

// ---- Types by their first bytes ----

export type FileKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'csv';

const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);

/** Bytes needed before `sniff` can tell. */
export const SNIFF_BYTES = 16;

/**
 * What a file is, from its first bytes. Pictures by their signatures; `csv` is text: valid UTF-8
 * (a BOM allowed) without NUL or other binary control bytes. Null when it is none of these.
 */
export function sniff(b: Buffer, full = false): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (
    b
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'gif';
  return isText(b, full) ? 'csv' : null;
}

function isText(b: Buffer, full: boolean): boolean {
  if (b.length === 0) return false;
  // Control bytes other than tab, line feed, carriage return and form feed mean binary.
  for (const x of b) if (x < 0x20 && x !== 9 && x !== 10 && x !== 13 && x !== 12) return false;
  if (!full) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

// ---- Receiving ----

export interface UploadSpec {
  /** The most one file may weigh, in bytes. */
  maxBytes: number;
  /** The most files one request may carry. */
  maxFiles: number;
  /** The kinds taken; anything else is refused (415) before the rest of the file is read. */
  accept: readonly FileKind[];
  /** Words for messages: "picture", "CSV file". */
  noun: string;
  /** The form field the files come in (the page's file input); a file under another name is a 400. */
  field: string;
}

export interface ReceivedFile {
  field: string;
  filename: string;
  kind: FileKind;
  data: Buffer;
}

const mb = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;

export const tooLarge = (spec: UploadSpec) =>
  new HttpError(
    413,
    `That file is too large: a ${spec.noun} may be at most ${mb(spec.maxBytes)}. Nothing was saved.`,
    'PAYLOAD_TOO_LARGE',
  );

const badType = (spec: UploadSpec, filename: string, data: Buffer) =>
  new HttpError(
    415,
    // A route taking text says why the bytes are not UTF-8 text (UTF-16, Latin-1, a workbook).
    (spec.accept.includes('csv') && textProblem(data)) ||
      `${filename ? `“${filename.slice(0, 80)}”` : 'That file'} is not a ${spec.accept
        .map((k) => k.toUpperCase())
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')} file. Nothing was saved.`,
    'UNSUPPORTED_MEDIA_TYPE',
  );

const SAVE_AS_UTF8 =
  "In Excel choose File > Save As > 'CSV UTF-8 (Comma delimited)'; in Google Sheets File > Download > 'Comma-separated values'";

/** The offset of the first byte that is not UTF-8, or -1 when all of it is. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const n =
      c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0 || i + n >= b.length) return i;
    for (let k = 1; k <= n; k++) if ((b[i + k] & 0xc0) !== 0x80) return i;
    // Overlong forms and UTF-16 surrogates are not UTF-8 either.
    if (c === 0xe0 && b[i + 1] < 0xa0) return i;
    if (c === 0xed && b[i + 1] > 0x9f) return i;
    if (c === 0xf0 && b[i + 1] < 0x90) return i;
    if (c === 0xf4 && b[i + 1] > 0x8f) return i;
    i += n + 1;
  }
  return -1;
}

/**
 * Why these bytes are not UTF-8 text, in words a seller can act on, or null when they are:
 * UTF-16 (Excel's 'Unicode text'), an Excel workbook, other binary bytes, or Latin-1 /
 * Windows-1252 (Excel's plain 'CSV' of a name with 'é' or '₦'), with the line it starts on.
 */
export function textProblem(bytes: Uint8Array): string | null {
  const head = bytes.subarray(0, 4096);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
    return `This file is UTF-16 text, not UTF-8. ${SAVE_AS_UTF8}. Nothing was saved.`;
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04)
    return `This is an Excel workbook (.xlsx), not a CSV file. ${SAVE_AS_UTF8}. Nothing was saved.`;
  for (const x of head)
    if (x < 0x20 && x !== 9 && x !== 10 && x !== 13 && x !== 12)
      return `This file is not CSV text (it holds binary bytes, as UTF-16 text or a spreadsheet file does). ${SAVE_AS_UTF8}. Nothing was saved.`;
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return null;
  let line = 1;
  for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++;
  const byte = bytes[bad].toString(16).toUpperCase().padStart(2, '0');
  return `This file is not UTF-8 text: line ${line} holds the byte 0x${byte}, as a file saved as Latin-1 or Windows-1252 does (Excel's plain 'CSV' of a name with é, ₦ or a curly quote). ${SAVE_AS_UTF8}. Nothing was saved.`;
}

/**
 * Reads the files of a multipart request one at a time and hands each to `each` (which may turn
 * it into something smaller: the original is dropped once `each` returns). Fields are collected
 * (only those sent before a file reach `each` with it; later ones are in the answer). Refuses:
 * a request larger than its files may be (413 before reading), a file over the cap (413 when the
 * cap is passed, never buffering more), a file of another kind (415 from its first bytes), more
 * files than allowed (413), no file at all (400).
 */
export async function receiveFiles<T>(
  req: FastifyRequest,
  spec: UploadSpec,
  each: (file: ReceivedFile, fields: Record<string, string>) => Promise<T>,
): Promise<{ files: T[]; fields: Record<string, string> }> {
  if (!req.isMultipart())
    throw new HttpError(
      415,
      'Send the file as multipart/form-data (a form with enctype="multipart/form-data")',
      'UNSUPPORTED_MEDIA_TYPE',
    );
  const declared = Number(req.headers['content-length']);
  if (declared > spec.maxBytes * spec.maxFiles + 64 * 1024) throw tooLarge(spec);

  const fields: Record<string, string> = {};
  const files: T[] = [];
  // Errors of the body itself (cut short, no boundary, a broken part) are the sender's: a 400.
  // Errors of `each` (storage, the picture pipeline) are passed on as they are.
  let fromEach = false;
  try {
    const parts = req.parts({
      limits: {
        fileSize: spec.maxBytes,
        files: spec.maxFiles,
        fields: MULTIPART_CEILING.fields,
        fieldSize: MULTIPART_CEILING.fieldSize,
        parts: spec.maxFiles + MULTIPART_CEILING.fields,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== spec.field)
        throw invalid(
          `Send the ${spec.noun} in the form field "${spec.field}" (this form sent "${part.fieldname.slice(0, 40)}"). Nothing was saved.`,
          { [spec.field]: `Choose a ${spec.noun}` },
        );
      const chunks: Buffer[] = [];
      let size = 0;
      let kind: FileKind | null = null;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (kind === null && size >= SNIFF_BYTES) {
          const head = Buffer.concat(chunks);
          kind = sniff(head);
          if (!kind || !spec.accept.includes(kind)) throw badType(spec, part.filename, head);
        }
      }
      // Busboy stops at the cap and marks the file truncated: the rest is never kept.
      if (part.file.truncated) throw tooLarge(spec);
      // A browser sends an empty part for a file field left empty.
      if (size === 0 && !part.filename) continue;
      const data = Buffer.concat(chunks, size);
      kind = sniff(data, true);
      if (!kind || !spec.accept.includes(kind)) throw badType(spec, part.filename, data);
      fromEach = true;
      files.push(
        await each({ field: part.fieldname, filename: part.filename, kind, data }, fields),
      );
      fromEach = false;
    }
  } catch (err) {
    // Stop parsing; the rest of the body is read and dropped so the browser gets the answer
    // (a connection closed mid-upload shows as a network error instead).
    req.raw.unpipe();
    req.raw.resume();
    if (err instanceof HttpError || fromEach) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError(
        413,
        `Send at most ${spec.maxFiles} ${spec.noun}${spec.maxFiles === 1 ? '' : 's'} at a time. Nothing was saved.`,
        'PAYLOAD_TOO_LARGE',
      );
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
      throw invalid('The form has too many or unexpected fields. Nothing was saved.');
    // Anything else the parser refuses is the body's fault: cut short, without a boundary,
    // a part without its headers. Nothing of it was kept.
    throw invalid(
      `The upload was not a complete multipart/form-data form (it may have been cut short): send the ${spec.noun} again. Nothing was saved.`,
      { [spec.field]: `Choose a ${spec.noun}` },
    );
  }
  if (files.length === 0)
    throw invalid(`Choose a ${spec.noun} to upload`, { [spec.field]: 'Choose a file' });
  return { files, fields };
}

// ---- Pictures ----

/** The most pixels a picture may have: a 10 MB file must not unpack into gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface VariantSpec {
  /** Added to the file name: `<key>-<suffix>.webp`. */
  suffix: string;
  width: number;
  height: number;
  /** cover: fill and crop; contain: whole picture on `background` (letterboxed). */
  fit: 'cover' | 'contain';
  background?: string;
}

export interface Variant {
  name: string;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The WebP variants of an uploaded picture. The picture is turned upright from its EXIF
 * orientation first; sharp writes no metadata unless asked, so EXIF (GPS, camera, owner), XMP
 * and ICC-embedded text never reach a stored file. A file that is not a readable picture is a 400.
 */
export async function imageVariants(
  data: Buffer,
  key: string,
  variants: readonly VariantSpec[],
): Promise<Variant[]> {
  const input = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const meta = await input.metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return await Promise.all(
      variants.map(async (v) => ({
        name: `${key}-${v.suffix}.webp`,
        width: v.width,
        height: v.height,
        data: await input
          .clone()
          .resize(v.width, v.height, {
            fit: v.fit,
            background: v.background ?? '#ffffff',
            withoutEnlargement: false,
          })
          .flatten({ background: v.background ?? '#ffffff' })
          .webp({ quality: IMAGE.quality })
          .toBuffer(),
      })),
    );
  } catch (err) {
    const pixels = /pixel limit/i.test(String((err as Error).message));
    throw invalid(
      pixels
        ? `That picture has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Nothing was saved.`
        : 'That file could not be read as a picture (it may be damaged). Nothing was saved.',
      { file: 'Choose another picture' },
    );
  }
}

/** The blurred 10x10 placeholder shown while a picture loads, as a data URI. */
export async function placeholderOf(data: Buffer): Promise<string> {
  const { width, height, quality, blur } = IMAGE.placeholder;
  const buf = await sharp(data)
    .resize(width, height, { fit: 'cover' })
    .blur(blur)
    .webp({ quality })
    .toBuffer();
  return `data:image/webp;base64,${buf.toString('base64')}`;
}

/** A new random file key with a prefix naming what it is (`u` product picture, `l` logo …). */
export const newKey = (prefix: string) => `${prefix}-${crypto.randomBytes(8).toString('hex')}`;

// ---- Storing ----

/** Writes every file or none: after a failure the ones written are removed again. */
export async function storeFiles(
  storage: Storage,
  files: readonly { name: string; data: Buffer }[],
) {
  const done: string[] = [];
  try {
    for (const f of files) {
      await storage.put(f.name, f.data);
      done.push(f.name);
    }
  } catch (err) {
    await removeFiles(storage, done);
    throw err;
  }
  return files.map((f) => f.name);
}

/** Removes files, never throwing: a file left behind is logged by the caller's error, not fatal. */
export async function removeFiles(storage: Storage, names: readonly string[]) {
  await Promise.all(names.map((n) => storage.remove(n).catch(() => undefined)));
}

/**
 * Stores `files`, then runs `commit` (the database change that refers to them). When `commit`
 * fails the files are removed again: nothing is left behind either way.
 */
export async function storeThenCommit<T>(
  storage: Storage,
  files: readonly { name: string; data: Buffer }[],
  commit: () => Promise<T>,
): Promise<T> {
  const names = await storeFiles(storage, files);
  try {
    return await commit();
  } catch (err) {
    await removeFiles(storage, names);
    throw err;
  }
}

// ---- Answering forms ----

/**
 * The OpenAPI words of an upload route, from the spec `receiveFiles` is given; spread into its
 * `schema`. The field is named so that clients (and the fuzz test) send the file where it is read.
 */
export const uploadDoc = (spec: UploadSpec) => ({
  description: `multipart/form-data, the file${spec.maxFiles === 1 ? '' : 's'} in the field "${spec.field}" (at most ${spec.maxFiles}): ${spec.accept
    .map((k) => k.toUpperCase())
    .join(', ')
    .replace(
      /, ([^,]*)$/,
      ' or $1',
    )} (told by their bytes), at most ${mb(spec.maxBytes)} each${spec.accept.includes('csv') ? '' : '; stored as WebP variants without EXIF'}. A form that accepts text/html gets a 303 back to its page.`,
  consumes: ['multipart/form-data'],
});
/** The answer of an upload posted by a page's form (see answerUpload). */
export const backToPage = { 303: { type: 'null', description: 'A page form: back to its page' } };

/** A form posted by a browser without JavaScript wants a page back, not JSON. */
export const wantsPage = (req: FastifyRequest) =>
  /\btext\/html\b/.test(String(req.headers.accept ?? ''));

/**
 * Runs an upload and answers it: JSON (status `okStatus`) to scripts; to a page's form a redirect
 * back to `page` with `?upload=ok`, or `?uploadError=<code>` for a refusal (the page words it with
 * `uploadErrorMessage`). Errors of ours (5xx) stay errors either way.
 */
export async function answerUpload<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  page: string,
  work: () => Promise<T>,
  okStatus = 200,
) {
  if (!wantsPage(req)) return reply.status(okStatus).send(await work());
  const back = (param: string) => `${page}${page.includes('?') ? '&' : '?'}${param}`;
  try {
    await work();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500)
      return redirectSafely(reply, back(`uploadError=${err.code}`));
    throw err;
  }
  return redirectSafely(reply, back('upload=ok'));
}
