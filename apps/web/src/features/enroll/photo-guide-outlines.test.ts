import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PHOTO_OUTLINES } from '@jewel/contract/values/photo-guide';
import { expect, it } from 'vitest';

const publicDir = path.resolve(import.meta.dirname, '../../../public/photo-guide');

it.each(PHOTO_OUTLINES)('the outline hint %s ships as a small line drawing', (outline) => {
  const svg = readFileSync(path.join(publicDir, `${outline}.svg`), 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.length).toBeLessThan(2048);
  // Drawn as a mask in the tokens' colour: only its shape counts.
  expect(svg).toContain('fill="none"');
});
