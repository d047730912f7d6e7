/**
 * The web app's weight and speed on a phone: what the login and home pages load (gzip), the
 * largest lazy chunk, and Lighthouse's mobile performance score (median of 5) on the seven main
 * pages (login, home, the list, a detail, the appraisal form, a knowledge article, the data
 * base), against the budgets (issue 16). Builds the web app and starts the real server twice on
 * fresh embedded databases: a shop set up as its owner does (the first loads and Lighthouse on the
 * sign-in and home pages, what a shop's staff load), and the demo (the other pages, which need its
 * items; its sign-in and home pages too, for information: only the demo carries its banner).
 * Usage: `npm run bench:web` (BENCH_LIGHTHOUSE_RUNS to change the number of Lighthouse runs;
 * BENCH_NO_BUILD=1 to measure apps/web/dist as it is; BENCH_PAGES="detail,data base" to score
 * only those pages, BENCH_LIGHTHOUSE_JSON=prefix to keep each run's report and trace).
 * A measurement, not a test: it exits 0 whatever the verdicts.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags } from 'lighthouse';
import { type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE } from '../apps/web/e2e/chromium.ts';
import { AUTH_STORAGE_KEY, persistedSession, type SessionTokens, signedInContext } from '../apps/web/e2e/session.ts';
import {
  AFTER_IDLE_MODULES,
  chunkFiles,
  FIRST_LOAD_PAGES,
  filesFromManifest,
  gzipOf,
  kib,
  loadOf,
  readManifest,
} from '../apps/web/first-load.mjs';
import { benchWithDemoServer, setUpShop, signIn, startServer } from './demo-server.ts';
import { mainPages } from './main-pages.ts';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(rootDir, 'apps/web/dist');
const port = 4174;
const base = `http://127.0.0.1:${port}`;
const shopBase = `http://127.0.0.1:${port + 1}`;
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** The pages Lighthouse scores: all seven unless BENCH_PAGES names some. */
const onlyPages = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const pages = { login: FIRST_LOAD_PAGES.login.path, home: FIRST_LOAD_PAGES.home.path } as const;
// The first-load budgets are the size check's (apps/web/first-load.mjs). Lighthouse: ≥ 95 on
// every main page, ≥ 97 on login and home (issue 16).
const budget = { lazyChunkKiB: 30, lighthouse: 95, lighthouseEntry: 97 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Load {
  name: keyof typeof FIRST_LOAD_PAGES;
  finalPath: string;
  files: { path: string; type: 'js' | 'css'; gzip: number }[];
  js: number;
  css: number;
  total: number;
}

/**
 * Waits until no request has been in flight for half a second, the live-events stream aside
 * (it stays open for good, so Playwright's "networkidle" never comes on a signed-in page).
 */
function quietWatch(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  const track = (request: Request) => {
    if (new URL(request.url()).pathname === '/api/user/events') return;
    inFlight.add(request);
    changed = Date.now();
  };
  const done = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('request', track);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    while (inFlight.size > 0 || Date.now() - changed < 500) await page.waitForTimeout(100);
  };
}

/** Every JS and CSS file a page loads until the network is quiet, with its gzip size from dist. */
async function measureLoad(
  context: BrowserContext,
  origin: string,
  name: keyof typeof FIRST_LOAD_PAGES,
  urlPath: string,
): Promise<Load> {
  const page = await context.newPage();
  const seen = new Map<string, 'js' | 'css'>();
  const missing: string[] = [];
  // What every page loads once the browser is idle (the service worker's side): after the first load.
  const firstLoad = new Set(filesFromManifest(distDir, name).map((f) => f.path));
  const afterIdle = new Set(
    chunkFiles(readManifest(distDir), AFTER_IDLE_MODULES, 'after idle')
      .map((f) => f.path)
      .filter((p) => !firstLoad.has(p)),
  );
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (afterIdle.has(url.pathname)) return;
    const type = response.request().resourceType();
    const kind =
      type === 'script' || url.pathname.endsWith('.js')
        ? 'js'
        : type === 'stylesheet' || url.pathname.endsWith('.css')
          ? 'css'
          : undefined;
    if (kind && url.origin === origin) seen.set(url.pathname, kind);
    else if (kind) missing.push(response.url());
  });
  const quiet = quietWatch(page);
  await page.goto(`${origin}${urlPath}`, { waitUntil: 'load' });
  await quiet();
  const finalPath = new URL(page.url()).pathname;
  await page.close();
  if (missing.length > 0) console.warn(`${name}: not from the build, not counted: ${missing.join(', ')}`);
  return {
    ...loadOf(
      distDir,
      name,
      [...seen].map(([p, type]) => ({ path: p, type })),
    ),
    finalPath,
  };
}

interface Row {
  measure: string;
  value: string;
  budget: string;
  verdict: string;
}

function printTable(rows: Row[]) {
  const columns = ['measure', 'value', 'budget', 'verdict'] as const;
  const width = Object.fromEntries(
    columns.map((c) => [c, Math.max(c.length, ...rows.map((r) => [...r[c]].length))]),
  ) as Record<(typeof columns)[number], number>;
  const line = (cells: Record<(typeof columns)[number], string>) =>
    `| ${columns.map((c) => cells[c] + ' '.repeat(width[c] - [...cells[c]].length)).join(' | ')} |`;
  console.log(line({ measure: 'measure', value: 'value', budget: 'budget', verdict: 'verdict' }));
  console.log(`|${columns.map((c) => '-'.repeat(width[c] + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

interface LighthouseResult {
  name: string;
  scores: number[];
  median: number;
  lcp: number;
  tbt: number;
  finalPath: string;
  /** Runs Lighthouse could not score (counted as 0), by error code. */
  errors: string[];
}

/**
 * Lighthouse's mobile performance (default mobile emulation and simulated throttling) through
 * its Node API, against the Chromium that playwright-core started with a debugging port.
 * With a session, storage is not reset (the session would go), so the HTTP cache is cleared by
 * hand before each run to keep the load cold.
 */
async function runLighthouse(
  context: BrowserContext,
  debuggingPort: number,
  origin: string,
  name: string,
  urlPath: string,
  session: SessionTokens | undefined,
): Promise<LighthouseResult> {
  const scores: number[] = [];
  const lcps: number[] = [];
  const tbts: number[] = [];
  const errors: string[] = [];
  let finalPath = urlPath;
  for (let run = 0; run < lighthouseRuns; run++) {
    if (session) await prepareStorage(context, origin, session);
    const flags: Flags = {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(session),
      // Sampling slows the page: scores taken with BENCH_LIGHTHOUSE_JSON are for finding causes, not for the table.
      ...(process.env.BENCH_LIGHTHOUSE_JSON
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    };
    const result = await lighthouse(`${origin}${urlPath}`, flags);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`${name}: Lighthouse gave no result`);
    if (process.env.BENCH_LIGHTHOUSE_JSON) {
      await writeFile(`${process.env.BENCH_LIGHTHOUSE_JSON}-${name}-${run + 1}.json`, JSON.stringify(lhr));
      // The trace, with the page's JavaScript sampled (the category above): where the blocking time went.
      await writeFile(
        `${process.env.BENCH_LIGHTHOUSE_JSON}-${name}-${run + 1}.trace.json`,
        JSON.stringify(result.artifacts.Trace),
      );
    }
    const score = lhr.categories.performance?.score;
    if (lhr.runtimeError || score === null || score === undefined) {
      // An unscored run (NO_FCP: the page painted nothing) counts as 0, and the table says why.
      errors.push(lhr.runtimeError?.code ?? 'NO_SCORE');
      scores.push(0);
      process.stdout.write(
        `  Lighthouse ${name} run ${run + 1}/${lighthouseRuns}: ${errors.at(-1)}: ${lhr.runtimeError?.message ?? ''}\n`,
      );
      continue;
    }
    scores.push(Math.round(score * 100));
    lcps.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
    tbts.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
    finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    process.stdout.write(`  Lighthouse ${name} run ${run + 1}/${lighthouseRuns}: ${scores.at(-1)}\n`);
  }
  const measured = (values: number[]) => (values.length > 0 ? median(values) : Number.NaN);
  return { name, scores, median: median(scores), lcp: measured(lcps), tbt: measured(tbts), finalPath, errors };
}

/** The demo's own sign-in and home pages: measured for information, judged on a set-up shop's. */
const DEMO_SUFFIX = ' on the demo';
const onDemo = (name: string) => `${name}${DEMO_SUFFIX}`;
const lighthouseBudget = (name: string) =>
  name === 'login' || name === 'home' ? budget.lighthouseEntry : budget.lighthouse;

/** The session in localStorage as the app writes it, and a cold HTTP cache. */
async function prepareStorage(context: BrowserContext, origin: string, session: SessionTokens) {
  const page: Page = await context.newPage();
  await page.goto(`${origin}/api/health`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    persistedSession(session),
  ] as const);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.close();
}

// 1. Build, then the server on a fresh embedded database.
const profileDir = mkdtempSync(path.join(tmpdir(), 'jewel-bench-chromium-'));
process.on('exit', () => rmSync(profileDir, { recursive: true, force: true }));
await benchWithDemoServer('bench:web', port, async () => {
  const session = await signIn(base);
  const shop = await startServer('bench:web', port + 1, { demo: false, build: false });
  try {
    await measureAll(session, await setUpShop(shopBase));
  } finally {
    await shop.stop();
  }
});

/**
 * Everything, with the demo's recorder and a set-up shop's (`shopRecorder`). The budgets are a
 * shop's staff's: the demo's sign-in and home pages also load its banner (ADR 0097).
 */
async function measureAll(session: SessionTokens, shopRecorder: SessionTokens) {
  // 2. What the two pages load, each in a fresh context (cold cache, empty storage).
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // The shop's staff and the journeys read Simplified Chinese, the language check:size counts.
  const phone = { ...PHONE, locale: 'zh-CN' };
  const loads: (Load & { demo: boolean })[] = [];
  for (const [origin, recorder] of [
    [shopBase, shopRecorder],
    [base, session],
  ] as const) {
    for (const [name, urlPath, withSession] of [
      ['login', pages.login, false],
      ['home', pages.home, true],
    ] as const) {
      const context = await browser.newContext(phone);
      if (withSession) await signedInContext(context, recorder);
      loads.push({ ...(await measureLoad(context, origin, name, urlPath)), demo: origin === base });
      await context.close();
    }
  }
  await browser.close();

  const loaded = new Set(loads.flatMap((l) => l.files.map((f) => f.path)));
  const lazy = readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js') && !loaded.has(`/assets/${f}`))
    .map((f) => ({ file: f, gzip: gzipOf(distDir, `/assets/${f}`) ?? 0 }))
    .sort((a, b) => b.gzip - a.gzip);

  // 3. Lighthouse, in a persistent profile so that the pages it opens share the session's localStorage.
  const debuggingPort = await freePort();
  const context = await chromium.launchPersistentContext(profileDir, {
    locale: 'zh-CN',
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  const scores: LighthouseResult[] = [];
  const wanted = (name: string) => !onlyPages || onlyPages.includes(name);
  try {
    for (const [name, urlPath, recorder] of [
      ['login', pages.login, undefined],
      ['home', pages.home, shopRecorder],
    ] as const) {
      if (wanted(name)) scores.push(await runLighthouse(context, debuggingPort, shopBase, name, urlPath, recorder));
    }
    for (const each of await mainPages(base, session)) {
      const name = each.name === 'login' || each.name === 'home' ? onDemo(each.name) : each.name;
      if (wanted(name)) scores.push(await runLighthouse(context, debuggingPort, base, name, each.path, each.session));
    }
  } finally {
    await context.close();
  }

  // 4. The figures against the budgets.
  const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  const rows: Row[] = [];
  for (const load of loads) {
    const budgetKiB = FIRST_LOAD_PAGES[load.name].budgetKiB;
    const size = `${kib(load.total).toFixed(1)} KiB gzip: JS ${kib(load.js).toFixed(1)}, CSS ${kib(load.css).toFixed(1)}, ${load.files.length} file${load.files.length === 1 ? '' : 's'}`;
    if (load.demo) {
      const shopLoad = loads.find((l) => !l.demo && l.name === load.name);
      rows.push({
        measure: `first load, ${onDemo(load.name)} (ended at ${load.finalPath})`,
        value: `${size}; its banner +${kib(load.total - (shopLoad?.total ?? 0)).toFixed(1)} KiB`,
        budget: 'information',
        verdict: '–',
      });
      continue;
    }
    rows.push({
      measure: `first load, ${load.name} (ended at ${load.finalPath})`,
      value: size,
      budget: `≤ ${budgetKiB} KiB`,
      verdict: verdict(kib(load.total) <= budgetKiB),
    });
    // The size check in npm test counts the files the manifest names; the browser is the truth.
    const counted = new Set(filesFromManifest(distDir, load.name).map((f: { path: string }) => f.path));
    const seen = new Set(load.files.map((f) => f.path));
    const uncounted = [...seen].filter((p) => !counted.has(p));
    const unseen = [...counted].filter((p) => !seen.has(p));
    rows.push({
      measure: `check:size counts what ${load.name} loads`,
      value:
        uncounted.length + unseen.length === 0
          ? 'the same files'
          : `not counted: ${uncounted.join(', ') || 'none'}; counted, not loaded: ${unseen.join(', ') || 'none'}`,
      budget: 'the same files',
      verdict: verdict(uncounted.length + unseen.length === 0),
    });
  }
  const largest = lazy[0];
  const overBudget = lazy.filter((c) => kib(c.gzip) > budget.lazyChunkKiB);
  rows.push({
    measure: `largest lazy chunk (of ${lazy.length})`,
    value: largest ? `${kib(largest.gzip).toFixed(1)} KiB gzip: ${largest.file}` : 'none',
    budget: `≤ ${budget.lazyChunkKiB} KiB each`,
    verdict: verdict(overBudget.length === 0) + (overBudget.length > 1 ? ` (${overBudget.length} over)` : ''),
  });
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
  for (const lh of scores) {
    const errors = lh.errors.length > 0 ? `; unscored: ${lh.errors.join(', ')}` : '';
    rows.push({
      measure: `Lighthouse performance, ${lh.name} (ended at ${lh.finalPath})`,
      value: `${lh.median}: runs ${lh.scores.join(', ')}; LCP ${ms(lh.lcp)}, TBT ${ms(lh.tbt)}${errors}`,
      budget: lh.name.endsWith(DEMO_SUFFIX) ? 'information' : `≥ ${lighthouseBudget(lh.name)}`,
      verdict: lh.name.endsWith(DEMO_SUFFIX) ? '–' : verdict(lh.median >= lighthouseBudget(lh.name)),
    });
  }

  console.log('\nFiles loaded (gzip level 9 of apps/web/dist):');
  for (const load of loads) {
    console.log(`  ${load.demo ? onDemo(load.name) : load.name}:`);
    for (const f of [...load.files].sort((a, b) => b.gzip - a.gzip))
      console.log(`    ${kib(f.gzip).toFixed(1).padStart(7)} KiB  ${f.path}`);
  }
  console.log('Lazy chunks, largest first:');
  for (const c of lazy.slice(0, 8)) console.log(`    ${kib(c.gzip).toFixed(1).padStart(7)} KiB  ${c.file}`);
  if (lazy.length > 8) console.log(`    … ${lazy.length - 8} more`);

  console.log(`\nWeb app on a phone: 390×844; Lighthouse mobile, simulated throttling, median of ${lighthouseRuns}`);
  printTable(rows);
  const failed = rows.filter((r) => r.verdict.startsWith('FAIL'));
  console.log(
    failed.length === 0
      ? '\nVerdict: all within budget.'
      : `\nVerdict: ${failed.length} over budget: ${failed.map((r) => r.measure).join('; ')}.`,
  );
}
