import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routerBuild } from './router-build-plugin.ts';

const productionDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const modules = readdirSync(productionDir)
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => path.join(productionDir, name));

const plugin = routerBuild();
const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
const resolveId = plugin.resolveId as (source: string) => string | undefined;

/** The calls the plugin marks pure and the names it drops, counted in react-router's real modules. */
function count(code: string) {
  return {
    bareCalls: (code.match(/= React\d*\.(?:forwardRef|createContext)\(/g) ?? []).length,
    pureCalls: (code.match(/= \/\* @__PURE__ \*\/ React\d*\.(?:forwardRef|createContext)\(/g) ?? []).length,
    displayNames: (code.match(/\.displayName = "[^"]*";/g) ?? []).length,
  };
}

// An upgrade of react-router that changes how its components are written would make the plugin
// silently do nothing: the first load would grow by NavLink, Form and the fetchers again.
describe("the router build plugin still finds what it rewrites in react-router's code", () => {
  it('sends react-router to its production build, which exists', () => {
    const target = resolveId('react-router');
    expect(target).toBe(path.join(productionDir, 'index.mjs'));
    expect(existsSync(target as string)).toBe(true);
    expect(resolveId('react-router-dom')).toBeUndefined();
  });

  it('marks every component and context it makes pure and drops their display names', () => {
    const before = { bareCalls: 0, displayNames: 0 };
    const after = { bareCalls: 0, pureCalls: 0, displayNames: 0 };
    for (const file of modules) {
      const code = readFileSync(file, 'utf8');
      const found = count(code);
      before.bareCalls += found.bareCalls;
      before.displayNames += found.displayNames;
      const rewritten = count(transform(code, file)?.code ?? code);
      after.bareCalls += rewritten.bareCalls;
      after.pureCalls += rewritten.pureCalls;
      after.displayNames += rewritten.displayNames;
    }
    // react-router 7 makes its components (NavLink, Form…) and contexts this way: a dozen or more.
    expect(before.bareCalls).toBeGreaterThanOrEqual(10);
    expect(before.displayNames).toBeGreaterThanOrEqual(10);
    expect(after).toEqual({ bareCalls: 0, pureCalls: before.bareCalls, displayNames: 0 });
  });

  it('leaves other modules alone', () => {
    expect(transform('Foo.displayName = "Foo";', '/app/src/foo.tsx')).toBeUndefined();
  });
});
