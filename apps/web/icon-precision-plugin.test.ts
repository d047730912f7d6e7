import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactPath } from './icon-precision-plugin.ts';

/** Every point of a path (end and control points), absolute, from absolute or relative M/L/H/V/C/Z. */
function absolutePoints(d: string): number[] {
  const tokens = d.match(/[MLHVCZmlhvcz]|-?\d*\.?\d+/g) ?? [];
  const arity: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, z: 0 };
  const points: number[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let command = '';
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i] as string;
    if (/[a-z]/i.test(token)) {
      command = token;
      i += 1;
    }
    const lower = command.toLowerCase();
    if (lower === 'z') {
      [x, y] = [startX, startY];
      continue;
    }
    const relative = command === lower;
    const numbers = tokens.slice(i, i + (arity[lower] ?? 0)).map(Number);
    i += numbers.length;
    if (lower === 'h') [x] = [relative ? x + (numbers[0] ?? 0) : (numbers[0] ?? 0)];
    else if (lower === 'v') [y] = [relative ? y + (numbers[0] ?? 0) : (numbers[0] ?? 0)];
    else {
      const absolute = numbers.map((n, index) => (relative ? n + (index % 2 === 0 ? x : y) : n));
      points.push(...absolute.slice(0, -2));
      [x, y] = absolute.slice(-2) as [number, number];
    }
    points.push(x, y);
    if (lower === 'm') {
      [startX, startY] = [x, y];
      // Further pairs after a move are lines.
      command = relative ? 'l' : 'L';
    }
  }
  return points.map((n) => Math.round(n * 10) / 10);
}

describe('compactPath', () => {
  it('writes a path relative to the pen, straight lines as h and v, commands once', () => {
    expect(compactPath('M38.7,11.5 L27.4,4.9 C25.3,3.7 22.7,3.7 20.7,4.9 L20.7,10 Z M0,0.5 L12,0.5')).toBe(
      'm38.7 11.5l-11.3-6.6c-2.1-1.2-4.7-1.2-6.7 0v5.1zm-38.7-11h12',
    );
  });

  it('rounds to one decimal and separates numbers only where it must', () => {
    expect(compactPath('M1.04,1 L1.5499,2.5 L2,3 L2.5,13 L3.5,16')).toBe('m1 1l.5 1.5.5.5.5 10 1 3');
  });

  it('draws every antd-mobile icon at the same points, rounded to one decimal', () => {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('antd-mobile-icons/package.json')), 'es');
    let paths = 0;
    for (const file of readdirSync(dir).filter((name) => /^[A-Z]\w+\.js$/.test(name))) {
      for (const [, d = ''] of readFileSync(path.join(dir, file), 'utf8').matchAll(/\bd: "([^"]*)"/g)) {
        expect(absolutePoints(compactPath(d)), `${file}: ${d}`).toEqual(absolutePoints(d));
        paths += 1;
      }
    }
    expect(paths).toBeGreaterThan(100);
  });
});
