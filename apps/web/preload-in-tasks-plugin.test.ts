import { describe, expect, it } from 'vitest';
import { LINKS_PER_TASK, preloadInTasks } from './preload-in-tasks-plugin.ts';

const helperId = '\0vite/preload-helper.js';
const transform = preloadInTasks().transform as (code: string, id: string) => { code: string } | undefined;

/** The helper's way of adding a link, as a module whose `add` the test calls; appended links go to `head`. */
function transformedHelper(head: string[]) {
  const { code } = transform('export function add(link) { document.head.appendChild(link); }', helperId) ?? {
    code: '',
  };
  const body = code.replace('export function add', 'return function add');
  return new Function('document', body)({ head: { appendChild: (link: string) => head.push(link) } }) as (
    link: string,
  ) => void;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the preload helper adds its links in several tasks', () => {
  it('adds the first links in the task that asked and the others a batch per task, in order', async () => {
    const head: string[] = [];
    const add = transformedHelper(head);
    const links = Array.from({ length: 2 * LINKS_PER_TASK + 3 }, (_, i) => `link-${i}`);
    for (const link of links) add(link);
    expect(head).toEqual([]);
    await Promise.resolve();
    expect(head).toEqual(links.slice(0, LINKS_PER_TASK));
    await nextTask();
    expect(head).toEqual(links.slice(0, 2 * LINKS_PER_TASK));
    await nextTask();
    expect(head).toEqual(links);
    // A later page's links start again in the task that asks.
    add('later');
    await Promise.resolve();
    expect(head.at(-1)).toBe('later');
  });

  it('leaves other modules alone and fails the build when the helper changed shape', () => {
    expect(transform('document.head.appendChild(link);', '/app/src/other.js')).toBeUndefined();
    expect(() => transform('document.head.append(link);', helperId)).toThrow(/was not found once/);
  });
});
