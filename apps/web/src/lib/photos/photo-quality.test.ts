import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BLUR_THRESHOLD, checkSize, DARK_THRESHOLD, measurePhoto } from './photo-quality.ts';

const WIDTH = 1200;
const HEIGHT = 900;

/**
 * No camera photo is kept in the repository: a detailed stand-in, a bag on a counter with a
 * clasp, stitching, a stamped label and sensor-like noise, as a phone would send it (JPEG).
 */
async function itemPhoto(): Promise<Buffer> {
  const stitches = Array.from(
    { length: 40 },
    (_, i) => `<line x1="${220 + i * 19}" y1="170" x2="${220 + i * 19}" y2="200" stroke="#f0e6d2" stroke-width="3"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="#c9b79c"/>
    <rect x="200" y="150" width="800" height="600" rx="40" fill="#6b3e26" stroke="#2b1a10" stroke-width="8"/>
    <rect x="520" y="300" width="160" height="90" rx="10" fill="#d4af37" stroke="#8a6d1a" stroke-width="6"/>
    <circle cx="600" cy="345" r="18" fill="#8a6d1a"/>
    <path d="M 350 150 Q 600 -40 850 150" fill="none" stroke="#2b1a10" stroke-width="22"/>
    <text x="300" y="600" font-family="sans-serif" font-size="64" fill="#f0e6d2">MAISON 1854 PARIS</text>
    <text x="300" y="680" font-family="sans-serif" font-size="36" fill="#f0e6d2">MADE IN FRANCE SD4189</text>
    ${stitches}
  </svg>`;
  const noise = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 3;
  for (let i = 0; i < noise.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = (seed >> 24) & 31;
  }
  const grain = await sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Decoded as the phone does it: drawn at most 512 px long, read back as RGBA. */
async function measure(image: Buffer) {
  const size = checkSize(WIDTH, HEIGHT);
  const { data, info } = await sharp(image)
    .resize(size.width, size.height)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measurePhoto({ data: new Uint8ClampedArray(data), width: info.width, height: info.height });
}

describe('photo quality', () => {
  it('tells a sharp photo from the same photo blurred or darkened', async () => {
    const photo = await itemPhoto();
    const sharpOne = await measure(photo);
    const blurred = await measure(await sharp(photo).blur(4).toBuffer());
    const dark = await measure(await sharp(photo).linear(0.15, 0).toBuffer());
    const slightlyBlurred = await measure(await sharp(photo).blur(1).toBuffer());

    expect(sharpOne).toMatchObject({ blurred: false, dark: false });
    expect(slightlyBlurred.sharpness).toBeGreaterThan(BLUR_THRESHOLD);
    expect(blurred.blurred).toBe(true);
    expect(blurred.sharpness).toBeLessThan(sharpOne.sharpness / 10);
    expect(dark.dark).toBe(true);
    expect(sharpOne.dark).toBe(false);
    // Darkening lowers the edges' contrast too, but brightness is what names it.
    expect(dark.brightness).toBeLessThan(DARK_THRESHOLD);
  });

  it('a flat picture has no edges: it counts as blurred', () => {
    const data = new Uint8ClampedArray(64 * 48 * 4).fill(200);
    expect(measurePhoto({ data, width: 64, height: 48 })).toMatchObject({ sharpness: 0, blurred: true, dark: false });
  });

  it('draws at most 512 px on the long side, never larger than the picture', () => {
    expect(checkSize(4000, 3000)).toEqual({ width: 512, height: 384 });
    expect(checkSize(300, 200)).toEqual({ width: 300, height: 200 });
  });
});
