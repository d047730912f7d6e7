import type { Plugin } from 'vite';

/** Vite's preload helper, the module every lazy import goes through in a build. */
const preloadHelper = /(^|[\\/\0])vite[\\/]preload-helper\.js$/;
/** Where the helper adds each file's `<link>` (modulepreload or stylesheet) to the page. */
const appendLink = 'document.head.appendChild(link);';

/** How many `<link>` elements one task adds: about 1 ms each on a phone (4× CPU slowdown). */
export const LINKS_PER_TASK = 10;

/**
 * Adds the `<link>` elements in order, `LINKS_PER_TASK` per task: the first ones in the task that
 * asked, the others each in a task of their own.
 */
const appendInTasks = `
const __linksWaiting = [];
function __appendLinks() {
  for (const link of __linksWaiting.splice(0, ${LINKS_PER_TASK})) document.head.appendChild(link);
  if (__linksWaiting.length > 0) setTimeout(__appendLinks, 0);
}
function __appendLinkInTasks(link) {
  if (__linksWaiting.push(link) === 1) queueMicrotask(__appendLinks);
}
`;

/**
 * A page's files asked for in several short tasks instead of one long one. Vite's preload helper
 * adds a `<link>` per module and stylesheet of a lazily loaded page, all in the task that asked:
 * 80 for a cold commodity detail, 70–110 ms of one task at 4× CPU slowdown, most of it in
 * `appendChild`, which the phone cannot interrupt for a tap (docs/decisions.md "Every main page
 * fast on a phone"). The requests still all start within a few milliseconds; the helper waits
 * for the stylesheets' `load`, which comes after the last batch. The build fails if the helper no
 * longer adds its links as this expects.
 */
export function preloadInTasks(): Plugin {
  return {
    name: 'jewel-preload-in-tasks',
    apply: 'build',
    transform(code, id) {
      if (!preloadHelper.test(id)) return undefined;
      if (code.split(appendLink).length !== 2) {
        throw new Error(`${id}: "${appendLink}" was not found once; see apps/web/preload-in-tasks-plugin.ts`);
      }
      return { code: appendInTasks + code.replace(appendLink, '__appendLinkInTasks(link);'), map: null };
    },
  };
}
