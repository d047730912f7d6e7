import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGS } from '@jewel/contract/values/i18n';
import jsQR from 'jsqr';
import sharp, { type Region } from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectEveryGlyph, MIXED, ONLY } from '../../test/pdf-glyphs.ts';
import { type TagLabel, tagSheetPdf } from './tag-sheet-pdf.ts';

/* Issue 27, item 6: a tag prints brands and product names in any script (ONLY: one character of each face). */
describe('tag sheet PDF glyphs', () => {
  it('prints every character of a tag sheet', async () => {
    for (const lang of LANGS) {
      const bytes = await tagSheetPdf(
        [
          {
            no: 'T-1',
            brand: `${ONLY.sc}${ONLY.tc}${ONLY.jp}`,
            productName: MIXED,
            url: 'https://example.test/verify/x',
          },
        ],
        lang,
        { shopName: `${ONLY.jp}${ONLY.sc}`, issuer: `${ONLY.jp}${ONLY.sc} · ${ONLY.tc} 1-1` },
      );
      expectEveryGlyph(bytes);
    }
  });
});

/*
 * Issue 29 item 4: tags for a label printer. Each layout's page is the label stock's own size
 * (written here from the stock: Brother DK-22205 62 mm continuous tape cut at 29 mm, the common
 * 50 × 30 and 40 × 30 mm die-cut labels, A4 for the 21-label sheet), one label a page, and every
 * QR printed at 300 dpi reads back as its item's address.
 */
const STOCK_MM = {
  'ql-62': [62, 29],
  'die-50x30': [50, 30],
  'die-40x30': [40, 30],
  'a4-21': [210, 297],
} as const;
const POINTS_PER_MM = 72 / 25.4;
const DPI = 300;

const labels: TagLabel[] = ['0001', '0002', '0003'].map((n) => ({
  no: `C20261128-${n}`,
  brand: 'Cartier カルティエ',
  productName: 'Love bracelet, 18K rose gold, size 17 — with its box and certificate',
  url: `https://shop.example.jp/verify/AAAAAAAAAAAAAAAAAAA${n.slice(1)}`,
}));

/** Each page's MediaBox, in millimetres to a tenth. */
function pagesMm(pdf: Buffer): number[][] {
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
  return boxes.map((box) => [Number(box[1]), Number(box[2])].map((pt) => Math.round((pt / POINTS_PER_MM) * 10) / 10));
}

/** The pages as PNG files at 300 dpi (poppler's pdftoppm, which CI installs for the journeys). */
function render(pdf: Buffer): Buffer[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jewel-tags-'));
  writeFileSync(path.join(dir, 'tags.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', path.join(dir, 'tags.pdf'), path.join(dir, 'page')]);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => readFileSync(path.join(dir, name)));
}

async function readQr(png: Buffer, region?: Region): Promise<string | null> {
  const image = region ? sharp(png).extract(region) : sharp(png);
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

const px = (mm: number) => Math.round((mm / 25.4) * DPI);

describe('tags for a label printer', () => {
  for (const layout of ['ql-62', 'die-50x30', 'die-40x30'] as const) {
    it(`${layout}: a page of the label's size per item, each QR its item's address`, async () => {
      const pdf = await tagSheetPdf(labels, 'ja', { shopName: '銀座質店', layout });
      const [width, height] = STOCK_MM[layout];
      expect(pagesMm(pdf)).toEqual([
        [width, height],
        [width, height],
        [width, height],
      ]);
      const pages = render(pdf);
      expect(pages).toHaveLength(3);
      for (const [index, page] of pages.entries()) {
        expect(await readQr(page), `${layout} label ${index + 1}`).toBe(labels[index]?.url);
      }
    });
  }

  it('a4-21: the sheet starts at the label asked for, and goes on to the next page', async () => {
    // Labels 20 and 21 of a partly used sheet, then the first of a new one.
    const pdf = await tagSheetPdf(labels, 'en', { shopName: 'Ginza', layout: 'a4-21', startAt: 20 });
    expect(pagesMm(pdf)).toEqual([
      [210, 297],
      [210, 297],
    ]);
    const [first, second] = render(pdf);
    if (!first || !second) throw new Error('two pages expected');
    // Avery L7160: 7.25 mm from the left, 15.15 mm from the top, 66 mm and 38.1 mm apart.
    const slot = (index: number) => ({
      left: px(7.25 + (index % 3) * 66),
      top: px(15.15 + Math.floor(index / 3) * 38.1),
      width: px(63.5),
      height: px(38.1),
    });
    expect(await readQr(first, slot(0))).toBeNull();
    expect(await readQr(first, slot(18))).toBeNull();
    expect(await readQr(first, slot(19))).toBe(labels[0]?.url);
    expect(await readQr(first, slot(20))).toBe(labels[1]?.url);
    expect(await readQr(second, slot(0))).toBe(labels[2]?.url);
  });
});

/** Each page's words with where they are (poppler's pdftotext -bbox), in points from the top left. */
function wordsOf(pdf: Buffer): { x: number; y: number; text: string }[][] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jewel-tags-'));
  writeFileSync(path.join(dir, 'tags.pdf'), pdf);
  const html = execFileSync('pdftotext', ['-bbox', path.join(dir, 'tags.pdf'), '-'], { encoding: 'utf8' });
  return html
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((word) => ({
        x: Number(word[1]),
        y: Number(word[2]),
        text: word[3] ?? '',
      })),
    );
}

describe('one line of description on every layout (issue 29 item 4)', () => {
  const DESCRIPTION =
    'Love bracelet in rose gold, size 17, with its original box, papers, pouch and the receipt of purchase';
  const TOKENS = DESCRIPTION.split(' ');
  /** A word of the description, or its last one cut short with "…". */
  const ofDescription = (word: string) =>
    word.endsWith('…') ? TOKENS.some((token) => token.startsWith(word.slice(0, -1))) : TOKENS.includes(word);
  const long: TagLabel[] = labels.map((label) => ({ ...label, productName: DESCRIPTION }));
  const mm = (points: number) => points / POINTS_PER_MM;

  for (const layout of ['a4-21', 'ql-62', 'die-50x30', 'die-40x30'] as const) {
    it(`${layout}: a long description prints as one line ending in "…" on each label`, async () => {
      const pdf = await tagSheetPdf(long, 'en', { shopName: 'Ginza', layout });
      // Each label's words: a page each on a label printer; on A4, by the label the word sits in.
      const perLabel = new Map<string, { y: number; text: string }[]>();
      for (const [page, words] of wordsOf(pdf).entries()) {
        for (const word of words.filter((each) => ofDescription(each.text))) {
          const slot =
            layout === 'a4-21'
              ? `${Math.floor((mm(word.x) - 7.25) / 66)},${Math.floor((mm(word.y) - 15.15) / 38.1)}`
              : String(page);
          perLabel.set(slot, [...(perLabel.get(slot) ?? []), word]);
        }
      }
      expect(perLabel.size).toBe(3);
      for (const [slot, words] of perLabel) {
        const lines = new Set(words.map((word) => word.y.toFixed(1)));
        expect(lines.size, `${layout} label ${slot}`).toBe(1);
        // From its first word (itself cut on the narrowest label) to one cut short.
        expect(words[0]?.text, `${layout} label ${slot}`).toMatch(/^Love…?$/);
        expect(words.at(-1)?.text.endsWith('…'), `${layout} label ${slot}`).toBe(true);
        expect(words.length, `${layout} label ${slot}`).toBeLessThan(TOKENS.length);
      }
    });
  }
});
