import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { routes } from '@jewel/contract/routes';
import { describe, expect, it } from 'vitest';
import { KEPT_APART, NOT_CALLED_BY_THE_APP, routeTable } from './route-table-plugin.ts';

/** Every source file of the web app, tests included. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

const code = () =>
  sources(path.join(import.meta.dirname, 'src'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

describe('the route table the web app is built with', () => {
  it('leaves out only routes of the contract that no code of the app names', () => {
    const app = code();
    for (const name of NOT_CALLED_BY_THE_APP) {
      expect(Object.keys(routes), name).toContain(name);
      expect(app.includes(`routes.${name}`), `the app calls routes.${name}`).toBe(false);
    }
  });

  it('has the routes kept apart called through their own module, never through the first table', () => {
    const app = code();
    const apart = Object.entries(routes).filter(([, route]) => KEPT_APART.has(route.tag));
    expect(apart.length).toBeGreaterThan(0);
    for (const tag of KEPT_APART) expect(app.includes(`'virtual:page-routes/${tag}'`), tag).toBe(true);
    // `routes.x` is the first table (lib/routes.ts), where these are not.
    for (const [name] of apart) expect(new RegExp(`\\broutes\\.${name}\\b`).test(app), name).toBe(false);
  });

  it('serves the routes kept apart in their own module only', () => {
    const plugin = routeTable();
    const resolve = plugin.resolveId as (source: string) => string | undefined;
    const load = plugin.load as (id: string) => string | undefined;
    const names = (id: string) => Object.keys(JSON.parse((load(id) ?? '').replace(/^export default |;$/g, '')));
    for (const tag of KEPT_APART) {
      const own = Object.entries(routes)
        .filter(([, route]) => route.tag === tag)
        .map(([name]) => name);
      const id = resolve(`virtual:page-routes/${tag}`) ?? '';
      expect(names(id)).toEqual(own);
      expect(names(resolve('virtual:route-table') ?? '')).not.toContain(own[0]);
    }
    expect(resolve('virtual:page-routes/nothing')).toBeUndefined();
  });
});
