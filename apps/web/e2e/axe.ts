/**
 * axe-core in the page (the app has no frames): serious and critical violations of WCAG 2.2 AA.
 * axe's 1.5 MB source is evaluated once per document and reused by every later check of that
 * document, so a walk that changes routes inside the running app pays for it once per load
 * (@axe-core/playwright evaluated it twice per check: two thirds of the walk's axe time).
 *
 *   expect(await seriousViolations(page)).toEqual([]);
 */
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Resolves once nothing on the page moves: every CSS transition and animation has ended and no
 * inline style (antd-mobile animates its dialogs, masks and popups with react-spring, frame by
 * frame) has changed for `quietMs`. Colour contrast judged mid-fade reads a half-drawn colour: a
 * button leaving its loading state, a dialog fading in over its mask.
 */
async function stillness(page: Page, quietMs = 120, capMs = 3000): Promise<void> {
  await page.evaluate(
    async ({ quiet, cap }) => {
      // Skeletons and spinners loop for ever; only what ends is waited for.
      const ending = () =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
            .map((animation) => animation.finished.catch(() => undefined)),
        );
      await ending();
      await new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        const giveUp = setTimeout(done, cap);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        function done() {
          clearTimeout(timer);
          clearTimeout(giveUp);
          observer.disconnect();
          resolve();
        }
        observer.observe(document.body, { attributes: true, attributeFilter: ['style', 'class'], subtree: true });
      });
      await ending();
    },
    { quiet: quietMs, cap: capMs },
  );
}

/** The serious and critical violations of the page once it is still (inside `include` when given). */
export async function seriousViolations(page: Page, include?: string): Promise<axe.Result[]> {
  await stillness(page);
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      const found = await window.axe?.run(include ? { include: [include] } : document, {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: tags },
      });
      if (!found) throw new Error('axe-core is not in the page');
      return found.violations;
    },
    { include, tags: WCAG_TAGS },
  );
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
