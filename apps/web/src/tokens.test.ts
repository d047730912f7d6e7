import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = import.meta.dirname;
const tokensCss = readFileSync(path.join(srcDir, 'tokens.css'), 'utf8');

/** The custom properties of tokens.css, `var()` references resolved. */
function tokens(): Map<string, string> {
  const raw = new Map<string, string>();
  for (const match of tokensCss.matchAll(/(--[\w-]+):\s*([^;]+);/g)) raw.set(match[1] ?? '', (match[2] ?? '').trim());
  const resolve = (value: string, depth = 0): string => {
    const ref = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    if (!ref || depth > 5) return value;
    const target = raw.get(ref);
    if (target === undefined) throw new Error(`tokens.css: ${ref} is not defined`);
    return resolve(target, depth + 1);
  };
  return new Map([...raw].map(([name, value]) => [name, resolve(value)]));
}

/** WCAG 2.2 relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not an opaque hex colour: ${hex}`);
  const channel = (i: number) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Every text colour on every background it is drawn on (foreground, background). */
const TEXT_PAIRS: [string, string][] = [
  // body text and its greys on the page, the cards and the fills
  ...[
    '--app-color-bg',
    '--app-color-surface',
    '--app-color-fill',
    '--app-color-fill-light',
    '--app-color-fill-pressed',
  ].flatMap((bg): [string, string][] => [
    ['--app-color-text', bg],
    ['--app-color-text-secondary', bg],
    ['--app-color-text-muted', bg],
  ]),
  ['--app-color-text', '--app-color-primary-tint'],
  ['--app-color-text-secondary', '--app-color-primary-tint'],
  ['--app-color-text-muted', '--app-color-primary-tint'],
  // links, selected states and outline buttons/tags in the primary and status colours
  ...[
    '--app-color-primary',
    '--app-color-danger',
    '--app-color-success',
    '--app-color-warning',
    '--app-color-purple',
    '--app-color-gold',
  ].flatMap((fg): [string, string][] => [
    [fg, '--app-color-surface'],
    [fg, '--app-color-bg'],
  ]),
  // tinted notices: the colour on its own tint
  ['--app-color-primary', '--app-color-primary-tint'],
  ['--app-color-danger', '--app-color-danger-tint'],
  ['--app-color-success', '--app-color-success-tint'],
  ['--app-color-warning', '--app-color-warning-tint'],
  ['--app-color-purple', '--app-color-purple-tint'],
  ['--app-color-gold', '--app-color-warning-tint'],
  // white text on solid buttons and status tags
  ...[
    '--app-color-primary',
    '--app-color-danger',
    '--app-color-success',
    '--app-color-warning',
    '--app-stage-waiting',
    '--app-stage-in-progress',
    '--app-stage-needs-recorder',
    '--app-stage-disagreement',
    '--app-stage-done',
    '--app-stage-bought',
    '--app-stage-returned',
    '--app-color-viewer',
  ].map((bg): [string, string] => ['--app-color-text-inverse', bg]),
  // antd-mobile's own text colours (list descriptions, placeholders, default tags)
  ['--adm-color-text', '--adm-color-background'],
  ['--adm-color-text-secondary', '--adm-color-background'],
  ['--adm-color-weak', '--adm-color-background'],
  ['--adm-color-weak', '--adm-color-box'],
  ['--adm-color-primary', '--adm-color-background'],
];

/** Every file under `dir` whose name ends with one of `endings`. */
function sourceFiles(dir: string, endings: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file, endings);
    return endings.some((ending) => entry.name.endsWith(ending)) ? [file] : [];
  });
}

describe('design tokens', () => {
  const values = tokens();
  const color = (name: string) => {
    const value = values.get(name);
    if (value === undefined) throw new Error(`tokens.css has no ${name}`);
    return value;
  };

  it.each(TEXT_PAIRS)('%s on %s passes WCAG AA for text (4.5:1)', (fg, bg) => {
    expect(contrastRatio(color(fg), color(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it('computes the ratio as WCAG defines it', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // the failures the issue measured
    expect(contrastRatio('#3b82ff', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#ffffff', '#1677ff')).toBeLessThan(4.5);
  });

  it('no other stylesheet writes a colour of its own', () => {
    const literal = /#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(/i;
    const offenders: string[] = [];
    for (const file of sourceFiles(srcDir, ['.css'])) {
      if (file === path.join(srcDir, 'tokens.css')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (literal.test(line)) offenders.push(`${path.relative(srcDir, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('the app icon, the start-up frame and the browser bar are drawn in the tokens’ colours', () => {
    // Neither can read a CSS variable: the icon is also the favicon, and the frame shows before any CSS.
    const webDir = path.dirname(srcDir);
    const icon = readFileSync(path.join(webDir, 'public/icon.svg'), 'utf8').trim();
    const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const bootLogo = decodeURIComponent(/src="data:image\/svg\+xml,([^"]+)"/.exec(html)?.[1] ?? '');
    const hexes = (text: string) => new Set(text.match(/#[0-9a-f]{3,8}\b/gi)?.map((hex) => hex.toLowerCase()));
    expect(hexes(icon)).toEqual(new Set([color('--app-color-primary'), color('--app-color-text-inverse')]));
    // The frame's logo is the icon itself, inline (no request before the app's code).
    expect(bootLogo).toBe(icon.replaceAll('"', "'"));
    // Its page is the app's page: every other colour there is a token's too.
    const palette = new Set([...values.values()].map((value) => value.toLowerCase()));
    expect([...hexes(html)].filter((hex) => !palette.has(hex))).toEqual([]);
    expect(html).toContain(`<meta name="theme-color" content="${color('--app-color-primary')}" />`);
  });

  it('every --app- variable the code uses is a token', () => {
    const defined = new Set(tokensCss.match(/--app-[a-z0-9-]+(?=\s*:)/g));
    const unknown = new Set<string>();
    for (const file of sourceFiles(srcDir, ['.css', '.ts', '.tsx'])) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/var\((--app-[a-z0-9-]+)/g))
        if (name && !defined.has(name)) unknown.add(`${path.relative(srcDir, file)}: ${name}`);
    }
    expect([...unknown]).toEqual([]);
  });
});
