import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (decision 0008, layout in 0013). Callers name a file by a relative
 * name (`u-3f9a2c-640.webp`, `logos/l-1b2c-192.webp`); nothing else knows where the bytes are.
 * Today one backend: a folder on disk (`DATA_DIR/images`). An S3 backend implements the same
 * four methods (put = PutObject, open = GetObject, remove = DeleteObject, has = HeadObject) and
 * is chosen in `storageFor` when configured; no caller changes.
 */
export interface Storage {
  /** Writes a whole file; a reader never sees half of one. */
  put(name: string, data: Buffer): Promise<void>;
  /** The file as a stream, or null when there is none. */
  open(name: string): Promise<Readable | null>;
  has(name: string): Promise<boolean>;
  /** Removes a file; a missing one is not an error (removal is retried after failures). */
  remove(name: string): Promise<void>;
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
  };
}
