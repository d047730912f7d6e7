import sharp from 'sharp';

const [out, ...files] = process.argv.slice(2);
const imgs = await Promise.all(files.map(async (f) => ({ f, m: await sharp(f).metadata() })));
const h = Math.max(...imgs.map((i) => i.m.height));
let x = 0;
const comps = [];
for (const i of imgs) {
  comps.push({ input: i.f, left: x, top: 0 });
  x += i.m.width + 10;
}
await sharp({ create: { width: x, height: h, channels: 3, background: '#888' } })
  .composite(comps)
  .png()
  .toFile(out);
