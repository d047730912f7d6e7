import { describe, expect, it } from 'vitest';
import { halfWindows } from './decode-qr.ts';

describe('the windows a photo is read in when the whole of it gives no code', () => {
  it('are nine halves, a quarter apart, that cover a 1240 × 1754 page scan', () => {
    const windows = halfWindows(1240, 1754);
    expect(windows).toHaveLength(9);
    for (const window of windows) expect([window.width, window.height]).toEqual([620, 877]);
    expect(windows.map(({ x, y }) => `${x},${y}`)).toEqual([
      '0,0',
      '310,0',
      '620,0',
      '0,439',
      '310,439',
      '620,439',
      '0,877',
      '310,877',
      '620,877',
    ]);
    // The last window ends at the picture's far corner: nothing is left out.
    const last = windows.at(-1);
    expect(last && [last.x + last.width, last.y + last.height]).toEqual([1240, 1754]);
  });

  it('hold alone either of two codes side by side on a tag sheet', () => {
    // The first two labels' codes on an A4 sheet scanned at 150 dpi (tag-sheet-pdf.ts: labels
    // from 7.25 mm, 66 mm apart, 63.5 mm wide; the 80 pt code 6 pt from a label's right edge,
    // moved 4 pt right): 41.8–70.1 mm and 107.8–136.1 mm, so 247–414 px and 637–803 px.
    const codes = [
      { from: 247, to: 414 },
      { from: 637, to: 803 },
    ];
    const alone = halfWindows(1240, 1754).filter(
      (window) =>
        window.y === 0 &&
        codes.filter((code) => code.from >= window.x && code.to <= window.x + window.width).length === 1,
    );
    expect(alone.map((window) => window.x)).toEqual([0, 310, 620]);
  });
});
