import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const productionModule = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/;

/**
 * react-router in the build as light as it can be, with the same code paths:
 *
 * - Its production build. The package's exports send every bundler to its development build
 *   (there is no `production` condition), which keeps its warnings and their texts; `vite` (dev)
 *   and the tests keep that one.
 * - What the app does not use left out. Its components are made at the top level with
 *   `React.forwardRef(…)` and `React.createContext(…)` and given a `displayName`: calls and
 *   assignments a bundler must assume have effects, so NavLink, Form, the fetchers' form and
 *   their helpers stayed in every page's first load. The calls are marked pure (they are) and the
 *   names, which only the React developer tools show, dropped.
 */
export function routerBuild(): Plugin {
  return {
    name: 'jewel-router-build',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? path.join(routerDir, 'dist/production/index.mjs') : undefined;
    },
    transform(code, id) {
      if (!productionModule.test(id)) return undefined;
      return {
        code: code
          .replace(/= (React\d*\.(?:forwardRef|createContext))\(/g, '= /* @__PURE__ */ $1(')
          .replace(/^\s*[\w$]+\.displayName = "[^"]*";$/gm, ''),
        map: null,
      };
    },
  };
}
