import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(js|css|html|svg|json|txt)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each text file of the build, which the
 * server sends as they are: smaller than compressing on the fly, and no CPU spent per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'jewel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
