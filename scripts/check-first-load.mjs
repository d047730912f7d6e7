/**
 * The first-load budget in `npm test`: what the login and home pages load before they show,
 * as gzip of the build's files (apps/web/first-load.mjs, the same computation as bench:web's
 * first load), against each page's budget there. Sizes are deterministic; timings stay in bench/.
 * Builds the web app when its build is older than its sources. Usage: `npm run check:size`.
 */
import { buildIfStale, distDir } from '../apps/web/build-if-stale.mjs';
import { FIRST_LOAD_PAGES, filesFromManifest, kib, loadOf } from '../apps/web/first-load.mjs';

buildIfStale('check:size');
let over = 0;
for (const [name, page] of Object.entries(FIRST_LOAD_PAGES)) {
  const load = loadOf(distDir, name, filesFromManifest(distDir, name));
  const fits = kib(load.total) <= page.budgetKiB;
  if (!fits) over += 1;
  console.log(
    `check:size: ${name} (${page.path}) ${kib(load.total).toFixed(1)} KiB gzip ` +
      `(JS ${kib(load.js).toFixed(1)}, CSS ${kib(load.css).toFixed(1)}, ${load.files.length} files), ` +
      `budget ${page.budgetKiB} KiB: ${fits ? 'pass' : 'OVER'}`,
  );
  if (!fits)
    for (const f of [...load.files].sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${kib(f.gzip).toFixed(1).padStart(7)} KiB  ${f.path}`);
}
if (over > 0) {
  console.error(`check:size: ${over} page${over === 1 ? '' : 's'} over budget (apps/web/first-load.mjs)`);
  process.exit(1);
}
