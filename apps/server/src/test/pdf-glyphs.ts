import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';

/*
 * What a PDF made by pdfkit actually draws, read in process (no poppler needed): every text
 * operation's glyph ids, through the font it selected and that font's ToUnicode map, back to
 * characters. A glyph id 0 is the font's .notdef, the box a reader sees for a character the
 * font does not have.
 */

export interface DrawnText {
  /** Characters drawn, by the face that drew them (the subset prefix removed): NotoSansJP-Regular → "会…". */
  byFace: Map<string, string>;
  /** Every character drawn, in order. */
  text: string;
  /** How many glyphs were drawn as .notdef (glyph id 0). */
  notdef: number;
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objectsOf(bytes: Buffer): Map<number, PdfObject> {
  const source = bytes.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\s*/g;
  for (let match = head.exec(source); match; match = head.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endobj', start);
    const body = source.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const dataStart = start + streamAt + (body.slice(streamAt).match(/^stream\r?\n/)?.[0].length ?? 7);
    const length = Number(dict.match(/\/Length (\d+)/)?.[1] ?? 0);
    const raw = bytes.subarray(dataStart, dataStart + length);
    let stream: Buffer = raw;
    if (dict.includes('/FlateDecode')) {
      try {
        stream = inflateSync(raw);
      } catch {
        stream = raw;
      }
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
}

/** A ToUnicode CMap's bfranges (as pdfkit writes them: `<start> <end> [<hex> <hex hex> …]`). */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const range = /<([0-9a-fA-F]+)> <([0-9a-fA-F]+)> \[([^\]]*)\]/g;
  for (let match = range.exec(cmap); match; match = range.exec(cmap)) {
    let gid = Number.parseInt(match[1] ?? '0', 16);
    for (const entry of (match[3] ?? '').matchAll(/<([0-9a-fA-F ]+)>/g)) {
      const units = (entry[1] ?? '').split(' ').map((unit) => Number.parseInt(unit, 16));
      map.set(gid++, String.fromCharCode(...units));
    }
  }
  return map;
}

/** What each page draws: its characters, and how many images it places (`/I1 Do`). */
export function drawnPages(bytes: Buffer): { text: string; images: number }[] {
  const objects = objectsOf(bytes);
  const pages: { text: string; images: number }[] = [];
  for (const [, ref] of [...objects.values()]
    .map((object) => object.dict)
    .join('\n')
    .matchAll(/\/Type \/Page\b[\s\S]*?\/Contents (\d+) 0 R/g)) {
    const content = objects.get(Number(ref));
    if (!content) continue;
    const only = new Map([[Number(ref), content]]);
    pages.push({
      text: drawnText(bytes, only).text,
      images: content.stream?.toString('latin1').match(/\/I\w* Do\b/g)?.length ?? 0,
    });
  }
  return pages;
}

export function drawnText(bytes: Buffer, contents?: Map<number, PdfObject>): DrawnText {
  const objects = objectsOf(bytes);
  const source = [...objects.values()].map((object) => object.dict).join('\n');
  /** Resource name (F1) → the font's face name and its glyph map. */
  const fonts = new Map<string, { face: string; unicode: Map<number, string> }>();
  for (const [, name, ref] of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = objects.get(Number(ref));
    if (!name || !font || fonts.has(name)) continue;
    const face = (font.dict.match(/\/BaseFont \/(?:[A-Z]{6}\+)?([^\s/>]+)/)?.[1] ?? name).trim();
    const toUnicode = objects.get(Number(font.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1]));
    fonts.set(name, { face, unicode: unicodeMap(toUnicode?.stream?.toString('latin1') ?? '') });
  }
  const byFace = new Map<string, string>();
  let text = '';
  let notdef = 0;
  for (const object of (contents ?? objects).values()) {
    const content = object.stream?.toString('latin1');
    if (!content?.includes(' Tf')) continue;
    let font: { face: string; unicode: Map<number, string> } | undefined;
    for (const match of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (match[1]) {
        font = fonts.get(match[1]);
        continue;
      }
      for (const [, hex] of (match[2] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (let at = 0; at + 4 <= (hex ?? '').length; at += 4) {
          const gid = Number.parseInt((hex ?? '').slice(at, at + 4), 16);
          if (gid === 0) {
            notdef++;
            continue;
          }
          const char = font?.unicode.get(gid) ?? '\uFFFD';
          text += char;
          const face = font?.face ?? '?';
          byFace.set(face, (byFace.get(face) ?? '') + char);
        }
      }
    }
  }
  return { byFace, text, notdef };
}

/*
 * Characters that only one of the three faces has, found by comparing the cmaps of the
 * installed @expo-google-fonts/noto-sans-{sc,tc,jp} 400Regular and 700Bold files with fontkit
 * (pdfkit's font reader): each is in both weights of its face and in neither weight of the two
 * others.
 *   计 U+8BA1 (the Simplified "calculate", of 会计 "accountant"): Noto Sans SC only.
 *   𠀡 U+20021 (a CJK Extension B character): Noto Sans TC only.
 *   𠮷 U+20BB7 (the "tsuchi-yoshi" of the surname 𠮷田): Noto Sans JP only.
 * Without the fallback, a reader's face prints the other two as .notdef boxes (glyph id 0).
 */
export const ONLY = { sc: '计', tc: '𠀡', jp: '𠮷' } as const;
export const MIXED = `会${ONLY.sc} ${ONLY.tc}山 ${ONLY.jp}田 Ring 18K`;
const FACE = { sc: 'NotoSansSC', tc: 'NotoSansTC', jp: 'NotoSansJP' } as const;

/**
 * Every test character drawn by the face that has it (in each of `weights`, or in either when
 * none is named), and no .notdef anywhere.
 */
export function expectEveryGlyph(bytes: Buffer, weights: ('Regular' | 'Bold')[] = []) {
  const drawn = drawnText(bytes);
  expect(drawn.notdef).toBe(0);
  for (const script of ['sc', 'tc', 'jp'] as const) {
    const faces = weights.length > 0 ? weights.map((weight) => `${FACE[script]}-${weight}`) : [FACE[script]];
    for (const face of faces) {
      const text = [...drawn.byFace].filter(([name]) => name.startsWith(face)).map(([, chars]) => chars);
      expect(text.join('')).toContain(ONLY[script]);
    }
  }
  return drawn;
}
