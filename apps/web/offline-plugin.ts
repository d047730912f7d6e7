import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGS } from '../../packages/contract/src/values/i18n.ts';
import { paths, withQuery } from '../../packages/contract/src/values/web-paths.ts';

const ICON_SIZES = [192, 512] as const;
const webRoot = import.meta.dirname;

/** A custom property's value in tokens.css: the colours live there and nowhere else. */
async function tokenColour(name: string): Promise<string> {
  const css = await readFile(path.join(webRoot, 'src', 'tokens.css'), 'utf8');
  const value = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{3,6});`).exec(css)?.[1];
  if (!value) throw new Error(`offline-plugin: ${name} is no hex colour in tokens.css`);
  return value;
}

/** The gem of public/icon.svg on a full-bleed square, inside the maskable safe zone (80 %). */
function maskableSvg(icon: string, primary: string): string {
  const inner = icon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${primary}"/><g transform="translate(6.4 6.4) scale(0.8)">${inner}</g></svg>`;
}

/**
 * The installable app (issue 17): writes, at the build's root,
 * - `manifest-<lang>.webmanifest` for each language (`manifest.webmanifest` is zh-Hans, what
 *   index.html links before the app switches it to the current language), named from the
 *   `common` locale's app name, with the "new registration" shortcut that opens the camera;
 * - `icons/icon-<size>.png` and `icons/maskable-512.png` from public/icon.svg (sharp).
 * The service worker is service-worker-plugin.ts's.
 */
export function offline(): Plugin {
  let outDir = '';
  return {
    name: 'jewel-offline',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const [primary, background] = await Promise.all([
        tokenColour('--app-color-primary'),
        tokenColour('--app-color-bg'),
      ]);
      const icon = await readFile(path.join(webRoot, 'public', 'icon.svg'), 'utf8');
      const { default: sharp } = await import('sharp');
      await mkdir(path.join(outDir, 'icons'), { recursive: true });
      await Promise.all([
        ...ICON_SIZES.map((size) =>
          sharp(Buffer.from(icon), { density: 72 * (size / 64) })
            .resize(size, size)
            .png()
            .toFile(path.join(outDir, 'icons', `icon-${size}.png`)),
        ),
        sharp(Buffer.from(maskableSvg(icon, primary)), { density: 72 * 8 })
          .resize(512, 512)
          .png()
          .toFile(path.join(outDir, 'icons', 'maskable-512.png')),
      ]);

      for (const lang of LANGS) {
        const common = JSON.parse(await readFile(path.join(webRoot, 'src', 'locales', lang, 'common.json'), 'utf8'));
        const manifest = {
          id: '/',
          name: common.appName,
          short_name: common.appName,
          lang,
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: primary,
          background_color: background,
          icons: [
            ...ICON_SIZES.map((size) => ({
              src: `/icons/icon-${size}.png`,
              sizes: `${size}x${size}`,
              type: 'image/png',
            })),
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          shortcuts: [
            {
              name: common.titles.commodityEnroll,
              url: withQuery(paths.commodityEnroll, { camera: '1' }),
              icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
            },
          ],
        };
        const text = `${JSON.stringify(manifest, null, 2)}\n`;
        await writeFile(path.join(outDir, `manifest-${lang}.webmanifest`), text);
        if (lang === 'zh-Hans') await writeFile(path.join(outDir, 'manifest.webmanifest'), text);
      }
    },
  };
}
