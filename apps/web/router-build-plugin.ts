import type { Plugin } from 'vite';

const productionModule = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.js$/;

/**
 * react-router in the build as light as it can be, with the same code paths. Its exports already
 * send the build to its production modules (`development` is a condition Vite's build does not
 * set), but it makes its components at the top level with `React.forwardRef(…)` and
 * `React.createContext(…)` and gives them a `displayName`: calls and assignments a bundler must
 * assume have effects, so NavLink, Form, the fetchers' form and their helpers stay in every page's
 * first load. The calls are marked pure (they are) and the names, which only the React developer
 * tools show, dropped.
 */
export function routerBuild(): Plugin {
  return {
    name: 'jewel-router-build',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!productionModule.test(id)) return undefined;
      return {
        code: code
          .replace(/= (React(?:\$\d+|\d*)\.(?:forwardRef|createContext))\(/g, '= /* @__PURE__ */ $1(')
          .replace(/^\s*[\w$]+\.displayName = "[^"]*";$/gm, ''),
        map: null,
      };
    },
  };
}
