import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where uploaded files live (decision 0008, layout in 0013, S3 in 0020). Callers name a file by
 * a relative name (`u-3f9a2c-640.webp`, `logos/l-1b2c-192.webp`); nothing else knows where the
 * bytes are. Two backends: a folder on disk (`DATA_DIR/images`), or an S3-compatible bucket
 * when S3_URL is set (`storageFor`), so every machine sees every upload.
 */
export interface Storage {
  /** Writes a whole file; a reader never sees half of one. */
  put(name: string, data: Buffer): Promise<void>;
  /** The file as a stream, or null when there is none. */
  open(name: string): Promise<Readable | null>;
  has(name: string): Promise<boolean>;
  /** Removes a file; a missing one is not an error (removal is retried after failures). */
  remove(name: string): Promise<void>;
  /** Every file (name and last change), for the clean-up of files no record names any more. */
  list(): AsyncIterable<{ name: string; modifiedAt: Date }>;
  /** Where a browser can fetch the file itself (a public bucket), or undefined: serve it. */
  publicUrl?(name: string): string;
  /** The address every `publicUrl` starts with (no trailing slash). */
  publicBase?: string;
}

/** Names are relative paths of lower-case letters, digits, dashes and dots: nothing escapes the root. */
const NAME = /^(?:[a-z0-9-]+\/)?[a-z0-9][a-z0-9.-]{0,150}$/;

function checkName(name: string) {
  if (!NAME.test(name) || name.includes('..')) throw new Error(`Bad storage name: ${name}`);
}

/** Files under one folder. Writes go to a temporary file renamed into place. */
export function diskStorage(root: string): Storage {
  const at = (name: string) => {
    checkName(name);
    return path.join(root, name);
  };
  return {
    async put(name, data) {
      const file = at(name);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(tmp, data);
        await fs.promises.rename(tmp, file);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    async open(name) {
      const file = at(name);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async has(name) {
      try {
        return (await fs.promises.stat(at(name))).isFile();
      } catch {
        return false;
      }
    },
    async remove(name) {
      await fs.promises.rm(at(name), { force: true });
    },
    async *list() {
      // Names are one folder deep at most (NAME); temporary files of unfinished writes are not files yet.
      const walk = async function* (
        dir: string,
        prefix: string,
      ): AsyncGenerator<{ name: string; modifiedAt: Date }> {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          if (e.isDirectory() && !prefix) yield* walk(path.join(dir, e.name), `${e.name}/`);
          else if (e.isFile() && !e.name.endsWith('.tmp')) {
            const st = await fs.promises.stat(path.join(dir, e.name)).catch(() => null);
            if (st) yield { name: prefix + e.name, modifiedAt: st.mtime };
          }
        }
      };
      yield* walk(root, '');
    },
  };
}

/** Where an S3-compatible bucket is, from S3_URL. */
export interface S3Location {
  /** `http(s)://host:port` of the S3 API. */
  endpoint: string;
  region: string;
  bucket: string;
  /** Folder inside the bucket (`images/`), or ''. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's public address (a CDN or a public-read bucket), when files may be fetched there. */
  publicUrl?: string;
}

/**
 * `http(s)://KEY:SECRET@host:port/bucket[/folder]?region=us-east-1&public=https://cdn.example/x`.
 * Keys are URL-encoded (a `/` in a secret is `%2F`). Path-style addressing, so any
 * S3-compatible server works (MinIO, Ceph, R2, Spaces, AWS itself).
 */
export function parseS3Url(raw: string): S3Location {
  const fail = (why: string): never => {
    throw new Error(
      `S3_URL must look like http(s)://KEY:SECRET@host:port/bucket?region=us-east-1 (${why})`,
    );
  };
  let u: URL | undefined;
  try {
    u = new URL(raw);
  } catch {
    fail('not a URL');
  }
  const url = u!;
  if (!/^https?:$/.test(url.protocol)) fail('http or https');
  if (!url.username || !url.password) fail('the access key and secret are missing');
  const [bucket, ...folder] = url.pathname.split('/').filter(Boolean);
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail('no valid bucket name');
  for (const k of url.searchParams.keys())
    if (k !== 'region' && k !== 'public') fail(`unknown parameter "${k}"`);
  const pub = url.searchParams.get('public') ?? undefined;
  if (pub !== undefined && !/^https?:\/\/[^/]/.test(pub)) fail('public must be an http(s) URL');
  return {
    endpoint: url.origin,
    region: url.searchParams.get('region') || 'us-east-1',
    bucket,
    prefix: folder.length ? `${folder.join('/')}/` : '',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    publicUrl: pub?.replace(/\/+$/, ''),
  };
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  csv: 'text/csv; charset=utf-8',
};

/** S3 answers a missing object with 404 (NoSuchKey on GET, NotFound on HEAD). */
const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404
  );
};

/**
 * Files in an S3-compatible bucket. A PutObject is atomic (a reader sees the old object or the
 * whole new one), like the disk backend's rename. Names are random and never rewritten, so
 * objects carry a year's immutable Cache-Control for a public bucket or CDN in front.
 */
export function s3Storage(loc: S3Location): Storage & { client: S3Client; location: S3Location } {
  const client = new S3Client({
    endpoint: loc.endpoint,
    region: loc.region,
    forcePathStyle: true,
    credentials: { accessKeyId: loc.accessKeyId, secretAccessKey: loc.secretAccessKey },
    // A slow or unreachable bucket must fail the request, not hang it.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    maxAttempts: 2,
  });
  const key = (name: string) => {
    checkName(name);
    return loc.prefix + name;
  };
  const Bucket = loc.bucket;
  const storage: Storage & { client: S3Client; location: S3Location } = {
    client,
    location: loc,
    async put(name, data) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key(name),
          Body: data,
          ContentType: TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async open(name) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
        return res.Body instanceof Readable ? res.Body : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key(name) }));
        return true;
      } catch (e) {
        if (isMissing(e)) return false;
        throw e;
      }
    },
    async remove(name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key(name) }));
      } catch (e) {
        if (!isMissing(e)) throw e;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: loc.prefix || undefined, ContinuationToken }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key && o.LastModified)
            yield { name: o.Key.slice(loc.prefix.length), modifiedAt: o.LastModified };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
  if (loc.publicUrl) {
    storage.publicUrl = (name) => `${loc.publicUrl}/${key(name)}`;
    storage.publicBase = `${loc.publicUrl}/${loc.prefix}`.replace(/\/+$/, '');
  }
  return storage;
}

/** The configured storage: the bucket of S3_URL, else the folder on disk. */
export function storageFor(opts: { s3Url?: string; dir: string }): Storage {
  return opts.s3Url ? s3Storage(parseS3Url(opts.s3Url)) : diskStorage(opts.dir);
}

/** Every file under a disk storage's folder, as storage names (temporary files left out). */
export async function diskNames(root: string): Promise<string[]> {
  const names: string[] = [];
  const walk = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(name);
      else if (e.isFile() && NAME.test(name) && !name.includes('..') && !name.endsWith('.tmp'))
        names.push(name);
    }
  };
  await walk('');
  return names.sort();
}

/**
 * Copies every file of a disk folder into another storage (the one-off move to a bucket).
 * Idempotent: a file already there is skipped, so a run cut short is simply run again.
 */
export async function copyDiskTo(
  root: string,
  to: Storage,
  onFile?: (name: string, copied: boolean) => void,
): Promise<{ copied: number; skipped: number }> {
  let copied = 0;
  let skipped = 0;
  for (const name of await diskNames(root)) {
    if (await to.has(name)) {
      skipped++;
      onFile?.(name, false);
      continue;
    }
    await to.put(name, await fs.promises.readFile(path.join(root, name)));
    copied++;
    onFile?.(name, true);
  }
  return { copied, skipped };
}
