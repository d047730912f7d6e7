import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';

/** Where photos live. A local directory now; an S3-compatible bucket implements the same three calls. */
export interface Storage {
  put(name: string, body: Buffer): Promise<void>;
  /** null when there is no such object. */
  get(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deletes the object; nothing happens when there is none (the retention job, private uploads). */
  remove(name: string): Promise<void>;
}

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
  };
}

/** `app.storage`: the one given, else the local directory `uploads` in DATA_DIR. */
export default fp(
  async (app, { storage }: { storage?: Storage }) => {
    app.decorate('storage', storage ?? localStorage(`${app.config.dataDir}/uploads`));
  },
  { name: 'storage', dependencies: ['config'] },
);
