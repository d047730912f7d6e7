import type { Plugin } from 'vite';

const jsqrBundle = /[\\/]node_modules[\\/]jsqr[\\/]dist[\\/]jsQR\.js$/;
/** jsQR's Shift JIS → Unicode table, one object literal in its webpack bundle. */
const kanjiTable = /exports\.shiftJISTable = \{[^}]*\};/;

/**
 * jsQR without its Shift JIS table: three quarters of its size (35 of 45 KiB gzip), used only to
 * turn a QR code's Kanji-mode segments into text. The codes this app reads are its own tags and
 * certificates, `<origin>/verify/<id>` in byte mode; a code with Kanji in it is not one of ours
 * whatever its Kanji decode to, and the scan page says so (docs/decisions.md "Item tags and
 * the scan"). The build fails if jsQR no longer holds the table as this expects.
 */
export function jsqrWithoutKanji(): Plugin {
  return {
    name: 'jewel-jsqr-without-kanji',
    apply: 'build',
    transform(code, id) {
      if (!jsqrBundle.test(id)) return undefined;
      if (!kanjiTable.test(code)) {
        throw new Error(`${id}: its Shift JIS table was not found; see apps/web/jsqr-kanji-plugin.ts`);
      }
      return { code: code.replace(kanjiTable, 'exports.shiftJISTable = {};'), map: null };
    },
  };
}
