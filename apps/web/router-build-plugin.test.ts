import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routerBuild } from './router-build-plugin.ts';

const packageFile = createRequire(import.meta.url).resolve('react-router/package.json');
const productionDir = path.join(path.dirname(packageFile), 'dist/production');
const modules = readdirSync(productionDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.js'))
  .map((name) => path.join(productionDir, name));

const plugin = routerBuild();
const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;

/** The calls the plugin marks pure and the names it drops, counted in react-router's real modules. */
function count(code: string) {
  return {
    bareCalls: (code.match(/= React(?:\$\d+|\d*)\.(?:forwardRef|createContext)\(/g) ?? []).length,
    pureCalls: (code.match(/= \/\* @__PURE__ \*\/ React(?:\$\d+|\d*)\.(?:forwardRef|createContext)\(/g) ?? []).length,
    displayNames: (code.match(/\.displayName = "[^"]*";/g) ?? []).length,
  };
}

// An upgrade of react-router that changes how its components are written would make the plugin
// silently do nothing: the first load would grow by NavLink, Form and the fetchers again.
describe("the router build plugin still finds what it rewrites in react-router's code", () => {
  it("gets react-router's production build from its exports, outside development", () => {
    const { exports } = JSON.parse(readFileSync(packageFile, 'utf8'));
    expect(exports['.'].default).toBe('./dist/production/index.js');
    expect(exports['.'].development).toBe('./dist/development/index.js');
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
    // react-router makes its components (NavLink, Form…) and contexts this way: a dozen or more.
    expect(before.bareCalls).toBeGreaterThanOrEqual(10);
    expect(before.displayNames).toBeGreaterThanOrEqual(10);
    expect(after).toEqual({ bareCalls: 0, pureCalls: before.bareCalls, displayNames: 0 });
  });

  it('leaves other modules alone', () => {
    expect(transform('Foo.displayName = "Foo";', '/app/src/foo.tsx')).toBeUndefined();
  });
});
