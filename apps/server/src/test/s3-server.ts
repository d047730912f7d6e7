import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks signatures, so a client must sign with these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'jewel-photos';

export interface S3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** STORAGE and the S3_ variables that point a server at this one (config.ts). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol on loopback for tests: s3rver on 127.0.0.1, a free port unless `port` is
 * given (to bring a closed one back at its address), objects in a temporary directory (or
 * `directory`, kept on close), the bucket created. Path-style addressing, since a bucket name
 * cannot be a subdomain of 127.0.0.1.
 */
export async function startS3Server(options: { port?: number; directory?: string } = {}): Promise<S3Server> {
  const directory = options.directory ?? (await mkdtemp(path.join(os.tmpdir(), 'jewel-s3-')));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: BUCKET,
    env: {
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
