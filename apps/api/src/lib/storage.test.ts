import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copyDiskTo,
  diskNames,
  diskStorage,
  parseS3Url,
  s3Storage,
  type Storage,
} from './storage.ts';
import { startS3 } from '../test/s3-server.ts';

// One contract, two backends: whatever the app does with a folder on disk it can do with an
// S3-compatible bucket (a real S3 protocol server on a random port).

const read = async (r: Readable | null) => {
  if (!r) return null;
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
};

let s3: Awaited<ReturnType<typeof startS3>>;
const dirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-storage-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const backends: [string, () => Storage][] = [
  ['disk', () => diskStorage(tmpDir())],
  ['S3', () => s3Storage(parseS3Url(s3.url))],
];

describe.each(backends)('storage contract: %s', (_name, make) => {
  let st: Storage;
  beforeAll(() => {
    st = make();
  });

  it('puts, opens, has and removes a file; a missing one is null, false and no error', async () => {
    const data = Buffer.from('RIFF....WEBPVP8 fake picture bytes');
    expect(await st.has('u-0123456789abcdef-640.webp')).toBe(false);
    expect(await st.open('u-0123456789abcdef-640.webp')).toBeNull();
    await st.put('u-0123456789abcdef-640.webp', data);
    expect(await st.has('u-0123456789abcdef-640.webp')).toBe(true);
    expect(await read(await st.open('u-0123456789abcdef-640.webp'))).toEqual(data);
    await st.remove('u-0123456789abcdef-640.webp');
    expect(await st.has('u-0123456789abcdef-640.webp')).toBe(false);
    await expect(st.remove('u-0123456789abcdef-640.webp')).resolves.toBeUndefined();
  });

  it('keeps folders apart and replaces a file whole', async () => {
    await st.put('logos/l-abc-192.webp', Buffer.from('one'));
    expect(await st.has('l-abc-192.webp')).toBe(false);
    await st.put('logos/l-abc-192.webp', Buffer.from('two, longer'));
    expect(String(await read(await st.open('logos/l-abc-192.webp')))).toBe('two, longer');
  });

  it('holds a large file and many at once', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => st.put(`imports/c-${i}.csv`, Buffer.from(`row ${i}`))),
    );
    await st.put('imports/big.csv', big);
    expect((await read(await st.open('imports/big.csv')))!.equals(big)).toBe(true);
    expect(String(await read(await st.open('imports/c-9.csv')))).toBe('row 9');
  });

  it('refuses names that could escape its root', async () => {
    for (const bad of ['../x.webp', 'a/b/c.webp', '/etc/passwd', 'A.webp', 'logos/../x'])
      await expect(st.put(bad, Buffer.from('x'))).rejects.toThrow(/Bad storage name/);
  });
});

describe('S3_URL', () => {
  it('names endpoint, bucket, folder, region, keys and a public address', () => {
    expect(
      parseS3Url(
        'https://AK%2F1:se%2Fcret@s3.example.ng:9000/sf-files/images?public=https://cdn.example.ng/x/',
      ),
    ).toEqual({
      endpoint: 'https://s3.example.ng:9000',
      region: 'us-east-1',
      bucket: 'sf-files',
      prefix: 'images/',
      accessKeyId: 'AK/1',
      secretAccessKey: 'se/cret',
      publicUrl: 'https://cdn.example.ng/x',
    });
    expect(parseS3Url('http://k:s@127.0.0.1:9000/b1b?region=eu-west-1').region).toBe('eu-west-1');
  });

  it('refuses what it cannot use, saying what it wants', () => {
    for (const bad of [
      'ftp://k:s@h/b',
      'http://h:9000/bucket',
      'http://k:s@h:9000/',
      'http://k:s@h/B_ad',
      'http://k:s@h/bucket?regoin=x',
      'http://k:s@h/bucket?public=ftp://x',
      'not a url',
    ])
      expect(() => parseS3Url(bad)).toThrow(/S3_URL must look like/);
  });

  it('a public bucket gives each file its address under the folder', () => {
    const st = s3Storage(parseS3Url(`${s3.url}&public=https://cdn.example.ng`));
    expect(st.publicUrl?.('logos/l-a-96.webp')).toBe('https://cdn.example.ng/logos/l-a-96.webp');
  });
});

describe('moving files from disk to a bucket', () => {
  it('copies every file once, skips what is there, and can run again', async () => {
    const root = tmpDir();
    const disk = diskStorage(root);
    await disk.put('u-00aa-160.webp', Buffer.from('a'));
    await disk.put('u-00aa-320.webp', Buffer.from('b'));
    await disk.put('logos/l-11bb-96.webp', Buffer.from('c'));
    fs.writeFileSync(path.join(root, 'u-00aa-640.webp.123.ab.tmp'), 'half');
    expect(await diskNames(root)).toEqual([
      'logos/l-11bb-96.webp',
      'u-00aa-160.webp',
      'u-00aa-320.webp',
    ]);
    const bucket = s3Storage(parseS3Url(s3.url));
    // A folder inside the bucket, so this test's objects do not meet the contract tests'.
    const moved = s3Storage({ ...bucket.location, prefix: 'move-test/' });
    expect(await copyDiskTo(root, moved)).toEqual({ copied: 3, skipped: 0 });
    expect(await copyDiskTo(root, moved)).toEqual({ copied: 0, skipped: 3 });
    await disk.put('u-00cc-160.webp', Buffer.from('d'));
    expect(await copyDiskTo(root, moved)).toEqual({ copied: 1, skipped: 3 });
    expect(String(await read(await moved.open('logos/l-11bb-96.webp')))).toBe('c');
  });
});
