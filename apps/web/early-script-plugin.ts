import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { minify, type Plugin } from 'vite';

/**
 * `public/early.js` (the home page's early banners call, a classic script that index.html loads
 * before the app) is copied as it is written, comments and all; the build writes it minified over
 * the copy: it is part of every page's first load. `vite` (dev) serves it as written.
 */
export function earlyScript(): Plugin {
  let publicDir = '';
  return {
    name: 'jewel-early-script',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle() {
      const file = path.join(publicDir, 'early.js');
      const { code } = await minify(file, await readFile(file, 'utf8'), { compress: true, mangle: true });
      this.emitFile({ type: 'asset', fileName: 'early.js', source: code });
    },
  };
}
