/**
 * Where a page's main-thread time goes on a phone: the seven main pages (main-pages.ts) opened in
 * Chromium at 4× CPU slowdown, each run in a fresh context (cold cache), with the browser's Long
 * Animation Frames observed from the start: every frame over 50 ms, and in it each script's entry
 * point (a module's evaluation, a timer, a promise's callback, React's scheduler…), its source file
 * and its time. Lighthouse says how much blocking time a page has; this says which code has it.
 * Usage: `npm run bench:frames` (BENCH_FRAMES_RUNS, default 5; BENCH_PAGES="detail,data base";
 * BENCH_NO_BUILD=1 to measure apps/web/dist as it is; BENCH_FRAMES_DETAIL=1 prints every frame).
 * A measurement with no budget: the budget is Lighthouse's, in bench:web.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE } from '../apps/web/e2e/chromium.ts';
import { signedInContext } from '../apps/web/e2e/session.ts';
import { benchWithDemoServer, signIn } from './demo-server.ts';
import { mainPages } from './main-pages.ts';

const port = 4176;
const runs = Number(process.env.BENCH_FRAMES_RUNS ?? 5);
const onlyPages = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const CPU_SLOWDOWN = 4;

interface Script {
  /** What ran it: `TimerHandler:setTimeout`, a module's URL, `MessagePort.onmessage`… */
  invoker: string;
  /** Its file, without the build's hash. */
  source: string;
  ms: number;
}
interface Frame {
  start: number;
  ms: number;
  /** Style and layout at the end of the frame. */
  styleMs: number;
  scripts: Script[];
}

/** Observes long animation frames from the page's first script on, for the page to hand over. */
function observeFrames() {
  const frames: unknown[] = [];
  (window as unknown as { __frames: unknown[] }).__frames = frames;
  const entries = (list: PerformanceObserverEntryList) => {
    // biome-ignore lint/suspicious/noExplicitAny: PerformanceLongAnimationFrameTiming is not in TypeScript's DOM types yet
    for (const entry of list.getEntries() as any[]) {
      const end = entry.startTime + entry.duration;
      frames.push({
        start: Math.round(entry.startTime),
        ms: Math.round(entry.duration),
        styleMs: Math.round(entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0),
        // biome-ignore lint/suspicious/noExplicitAny: as above
        scripts: entry.scripts.map((script: any) => ({
          invoker: String(script.invoker).replace(/^https?:\/\/[^/]+\/assets\//, ''),
          source: String(script.sourceURL ?? '')
            .split('/')
            .pop()
            ?.replace(/-[\w-]{8}\.js$/, '.js'),
          ms: Math.round(script.duration),
        })),
      });
    }
  };
  new PerformanceObserver(entries).observe({ type: 'long-animation-frame', buffered: true });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
/** A script's name in the table: what ran it and where, without the build's hash. */
const scriptName = (script: Script) => {
  const invoker = script.invoker.replace(/-[\w-]{8}\.js$/, '.js');
  return invoker === script.source || !script.source ? invoker : `${invoker} (${script.source})`;
};

await benchWithDemoServer('bench:frames', port, async (base) => {
  const recorder = await signIn(base);
  const pages = (await mainPages(base, recorder)).filter((page) => !onlyPages || onlyPages.includes(page.name));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  for (const page of pages) {
    const blocking: number[] = [];
    const longest: number[] = [];
    const byScript = new Map<string, number[]>();
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
      if (page.session) await signedInContext(context, page.session);
      await context.addInitScript(observeFrames);
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await tab.goto(`${base}${page.path}`, { waitUntil: 'load' });
      // The page's data and what it loads when idle come after `load`.
      await tab.waitForTimeout(4000);
      const { frames, firstPaint } = await tab.evaluate(() => ({
        frames: (window as unknown as { __frames: Frame[] }).__frames,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      }));
      await context.close();
      // Lighthouse's blocking time counts what each task takes over 50 ms, after the first paint.
      const after = frames.filter((frame) => frame.start >= firstPaint);
      blocking.push(after.reduce((sum, frame) => sum + Math.max(0, frame.ms - 50), 0));
      longest.push(Math.max(0, ...after.map((frame) => frame.ms)));
      const perScript = new Map<string, number>();
      for (const script of after.flatMap((frame) => frame.scripts)) {
        perScript.set(scriptName(script), (perScript.get(scriptName(script)) ?? 0) + script.ms);
      }
      for (const [name, ms] of perScript) byScript.set(name, [...(byScript.get(name) ?? []), ms]);
      if (process.env.BENCH_FRAMES_DETAIL) {
        console.log(`${page.name}, run ${run + 1}: first paint at ${Math.round(firstPaint)} ms`);
        for (const frame of frames) {
          const scripts = frame.scripts.map((s) => `${scriptName(s)} ${s.ms} ms`).join('; ');
          console.log(`  ${frame.start} ms: ${frame.ms} ms (style and layout ${frame.styleMs}) ${scripts}`);
        }
      }
    }
    // A script that ran in only some runs counts 0 in the others.
    const top = [...byScript]
      .map(([name, values]) => ({ name, ms: median([...values, ...Array(runs - values.length).fill(0)]) }))
      .filter((script) => script.ms >= 10)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 4);
    rows.push([
      page.name,
      `${median(blocking)} ms (${blocking.join(', ')})`,
      `${median(longest)} ms`,
      top.map((script) => `${script.name} ${script.ms} ms`).join('; '),
    ]);
    console.log(`  ${page.name}: ${runs} runs`);
  }
  await browser.close();

  const columns = ['page', 'blocking after first paint: median (runs)', 'longest frame', 'scripts (median ms)'];
  console.log(`\nLong animation frames at ${CPU_SLOWDOWN}× CPU slowdown, 390×844, zh-CN, ${runs} runs each:`);
  console.log(`| ${columns.join(' | ')} |`);
  console.log(`|${columns.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
});
