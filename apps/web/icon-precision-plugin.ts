import type { Plugin } from 'vite';

const iconModule = /[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/][A-Za-z]+\.js$/;

const round = (n: number) => Math.round(n * 10) / 10;

/** Path data with each number to one decimal (the icons are drawn on a 48-unit grid). */
function roundPath(d: string): string {
  return d.replace(/-?\d*\.\d+|-?\d+/g, (n) => String(round(Number(n))));
}

const ARITY: Record<string, number> = { M: 2, L: 2, C: 6, Z: 0 };

/**
 * The same drawing in SVG's shortest syntax: absolute points rounded to one decimal, then written
 * relative to the pen (`c-2.1-1.2-4.7-1.2-6.7 0`, a straight line as `h`/`v` when it is one),
 * commands not repeated, no separator where a sign or a second decimal point separates. Rounding
 * the absolute points first keeps the error of every point at 0.05, however long the path.
 * antd-mobile-icons' paths use M, L, C and Z, absolute; anything else is only rounded.
 */
export function compactPath(d: string): string {
  if (/[^MLCZ\d\s,.-]/.test(d)) return roundPath(d);
  const tokens = d.match(/[MLCZ]|-?\d*\.?\d+/g) ?? [];
  let out = '';
  let last = '';
  const write = (letter: string, numbers: number[]) => {
    // A repeated command is implied, but numbers after `m` would be lines: a move always says so.
    if (letter !== last || letter === 'm') out += letter;
    last = letter;
    for (const n of numbers) {
      const text = String(round(n)).replace(/^(-?)0\./, '$1.');
      const separate = /[\d.]$/.test(out) && (text.startsWith('.') ? !/\.\d*$/.test(out) : !text.startsWith('-'));
      out += (separate ? ' ' : '') + text;
    }
  };
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let command = '';
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i] as string;
    if (token in ARITY) {
      command = token;
      i += 1;
      if (command !== 'Z') continue;
    }
    if (command === 'Z') {
      write('z', []);
      [x, y] = [startX, startY];
      command = '';
      continue;
    }
    const points = tokens.slice(i, i + (ARITY[command] ?? 0)).map((n) => round(Number(n)));
    i += points.length;
    const relative = points.map((value, index) => value - (index % 2 === 0 ? x : y));
    const [dx = 0, dy = 0] = relative;
    if (command === 'M') write('m', relative);
    else if (command === 'C') write('c', relative);
    else if (round(dy) === 0) write('h', [dx]);
    else if (round(dx) === 0) write('v', [dy]);
    else write('l', relative);
    [x, y] = points.slice(-2) as [number, number];
    if (command === 'M') [startX, startY] = [x, y];
  }
  return out;
}

/**
 * antd-mobile-icons draws each icon on a 48-unit grid with path numbers of up to seven decimals,
 * and names every element with an `id` nothing refers to. On a 48 grid shown at 16–24 px, one
 * decimal is a 0.05 px error at most; the ids only weigh. Both are trimmed at build time, and the
 * paths written in SVG's shortest syntax (`compactPath`): the icons are a large share of what the
 * first pages load.
 */
export function iconPrecision(): Plugin {
  return {
    name: 'jewel-icon-precision',
    apply: 'build',
    transform(code, id) {
      if (!iconModule.test(id) || code.includes('url(#')) return undefined;
      return {
        code: code
          .replace(/\bd: "([^"]*)"/g, (_match, d: string) => `d: "${compactPath(d)}"`)
          .replace(/\n\s*id: "[^"]*",?/g, ''),
        map: null,
      };
    },
  };
}
