/**
 * `npm run storage:to-s3`: copies the uploaded files under DATA_DIR/images into the S3_URL
 * bucket, once, when a deployment moves from one machine's disk to object storage. Idempotent:
 * a file already in the bucket is skipped, so a run cut short is run again. Files stay on disk
 * (remove them by hand after checking the site serves from the bucket).
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { copyDiskTo, parseS3Url, s3Storage } from './lib/storage.ts';

async function main() {
  const config = loadConfig();
  if (!config.s3Url) throw new Error('S3_URL is not set: there is no bucket to move files to');
  const from = path.join(config.dataDir, 'images');
  const bucket = s3Storage(parseS3Url(config.s3Url));
  const { copied, skipped } = await copyDiskTo(from, bucket, (name, copiedIt) => {
    if (copiedIt) console.log(`copied ${name}`);
  });
  console.log(
    `${copied} file(s) copied from ${from} to bucket ${bucket.location.bucket}, ${skipped} already there`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
