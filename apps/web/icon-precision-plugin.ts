import type { Plugin } from 'vite';

const iconModule = /[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/][A-Za-z]+\.js$/;

/** Path data with each number to one decimal (the icons are drawn on a 48-unit grid). */
function roundPath(d: string): string {
  return d.replace(/-?\d*\.\d+|-?\d+/g, (n) => String(Math.round(Number(n) * 10) / 10));
}

/**
 * antd-mobile-icons draws each icon on a 48-unit grid with path numbers of up to seven decimals,
 * and names every element with an `id` nothing refers to. On a 48 grid shown at 16–24 px, one
 * decimal is a 0.05 px error at most; the ids only weigh. Both are trimmed at build time: the
 * icons are a large share of what the first pages load.
 */
export function iconPrecision(): Plugin {
  return {
    name: 'jewel-icon-precision',
    apply: 'build',
    transform(code, id) {
      if (!iconModule.test(id) || code.includes('url(#')) return undefined;
      return {
        code: code
          .replace(/\bd: "([^"]*)"/g, (_match, d: string) => `d: "${roundPath(d)}"`)
          .replace(/\n\s*id: "[^"]*",?/g, ''),
        map: null,
      };
    },
  };
}
