import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from '@20minutes/s3rver';

/**
 * A local S3-compatible server (s3rver speaks the S3 REST protocol with real SigV4 signatures)
 * on a random port with one empty bucket, for tests and the cross-machine checks. Its files live
 * in a temporary folder removed on stop.
 */
export async function startS3(bucket = 'sf-test'): Promise<{
  url: string;
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const addr = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${addr.port}`;
  return {
    // s3rver's fixed test credentials.
    url: `http://S3RVER:S3RVER@127.0.0.1:${addr.port}/${bucket}?region=us-east-1`,
    endpoint,
    bucket,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
