import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { jsqrWithoutKanji } from './jsqr-kanji-plugin.ts';

const require = createRequire(import.meta.url);
const bundlePath = require.resolve('jsqr');
const bundle = readFileSync(bundlePath, 'utf8');

type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

/** The plugin's output for jsQR's real bundle, run as the CommonJS module it is. */
function trimmedJsQr(): { code: string; jsQR: JsQr } {
  const transform = jsqrWithoutKanji().transform as (code: string, id: string) => { code: string };
  const { code } = transform(bundle, bundlePath);
  const module = { exports: {} as { default: JsQr } };
  new Function('module', 'exports', code)(module, module.exports);
  return { code, jsQR: module.exports.default };
}

/** A QR code as RGBA pixels, 4 per module, with its quiet zone, as a camera frame would give it. */
function picture(text: string) {
  const { data: modules, size } = encode(text, { border: 4 });
  const scale = 4;
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (!modules[Math.floor(y / scale)]?.[Math.floor(x / scale)]) continue;
      pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { pixels, side };
}

describe('jsQR without its Shift JIS table', () => {
  it('drops the table and still reads the codes this app prints', () => {
    const { code, jsQR } = trimmedJsQr();
    expect(code.length).toBeLessThan(bundle.length / 2);
    const address = 'https://shop.example/verify/AbCdEfGhIjKlMnOpQrStUv';
    const { pixels, side } = picture(address);
    expect(jsQR(pixels, side, side)?.data).toBe(address);
  });

  it('leaves other modules alone and fails the build when jsQR changed shape', () => {
    const transform = jsqrWithoutKanji().transform as (code: string, id: string) => unknown;
    expect(transform('exports.shiftJISTable = { 1: 2 };', '/app/src/other.js')).toBeUndefined();
    expect(() => transform('module.exports = {}', '/app/node_modules/jsqr/dist/jsQR.js')).toThrow(
      /Shift JIS table was not found/,
    );
  });
});
