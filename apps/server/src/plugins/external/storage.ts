import { createReadStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { StorageConfig } from '../../config.ts';
import { StorageUnavailableError } from '../../lib/storage-unavailable.ts';
import { s3Storage, sdkNodeNotice } from './s3-storage.ts';

/** Where photos live: a local directory, or an S3-compatible bucket (s3-storage.ts). */
export interface Storage {
  put(name: string, body: Buffer): Promise<void>;
  /** null when there is no such object. */
  get(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deletes the object; nothing happens when there is none (the retention job, private uploads). */
  remove(name: string): Promise<void>;
  /** Fails when the store cannot be used (the readiness check); without it, a probe name is read. */
  check?(): Promise<void>;
}

/** A stored object's bytes, read whole through `storage`; null when there is no such object. */
export async function storedBytes(storage: Storage, name: string): Promise<Buffer | null> {
  const object = await storage.get(name);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The operations whose failures the metrics count (`jewel_storage_errors_total`). */
export const STORAGE_OPERATIONS = ['put', 'get', 'remove'] as const;
export type StorageOperation = (typeof STORAGE_OPERATIONS)[number];

/** Files under `dir`, outside the web root; names are checked by the caller's route schema. */
export function localStorage(dir: string): Storage {
  const pathOf = (name: string) => path.join(dir, path.basename(name));
  return {
    async put(name, body) {
      await mkdir(dir, { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${pathOf(name)}.partial`;
      await writeFile(partial, body);
      await rename(partial, pathOf(name));
    },
    async get(name) {
      const file = pathOf(name);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
    // The directory exists (made now if it does not yet) and the server may write in it.
    async check() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.R_OK | constants.W_OK);
    },
  };
}

/** The storage STORAGE chose: the server's and the operator commands' alike. */
export function storageFor(config: { dataDir: string; storage: StorageConfig }): Storage {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(`${config.dataDir}/uploads`);
}

/** A name no photo has (names are hex), read at start-up to prove the bucket answers. */
const PROBE_NAME = 'start-up-check';

/** Whether the store answers: its own check, or a read of the probe name (a missing object is an answer). */
export async function checkStorage(storage: Storage): Promise<void> {
  if (storage.check) await storage.check();
  else await storage.get(PROBE_NAME);
}

/** The store, each failed call counted by its operation before it goes on to the caller. */
function countingFailures(storage: Storage, failed: (operation: StorageOperation) => void): Storage {
  const counted =
    <A extends unknown[], R>(operation: StorageOperation, call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await call(...args);
      } catch (error) {
        failed(operation);
        throw error;
      }
    };
  return {
    put: counted('put', storage.put.bind(storage)),
    get: counted('get', storage.get.bind(storage)),
    remove: counted('remove', storage.remove.bind(storage)),
    check: () => checkStorage(storage),
  };
}

/**
 * `app.storage`: the one given, else the one the configuration chose, its failures counted in the
 * metrics. A bucket is read once
 * before the server is ready, so that a wrong bucket, address or key stops the start with a
 * clear message instead of failing the first upload.
 */
export default fp(
  async (app, { storage }: { storage?: Storage }) => {
    const { config } = app;
    const chosen = storage ?? storageFor(config);
    // Counted once the metrics plugin is there (the app has it; a test of this plugin alone need not).
    app.decorate(
      'storage',
      countingFailures(chosen, (operation) => {
        if (app.hasDecorator('metrics')) app.metrics.storageErrors.inc({ operation });
      }),
    );
    if (storage || config.storage.kind !== 's3') return;
    const { bucket, endpoint, region } = config.storage;
    const node = sdkNodeNotice();
    if (node) app.log.info({ node }, 'object storage: the AWS SDK asks for Node 22 from its 2027 releases (noted)');
    app.addHook('onReady', async () => {
      try {
        await app.storage.get(PROBE_NAME);
      } catch (error) {
        const code = error instanceof StorageUnavailableError ? error.code : 'Unknown';
        throw new Error(
          `object storage: bucket "${bucket}" at ${endpoint ?? `AWS ${region}`} cannot be read (${code}): ` +
            'check S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and the credentials',
          { cause: error },
        );
      }
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
