import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoBannerPreloads } from './web-app.ts';

/** A build's index.html and manifest as Vite writes them: the banner's chunk imports a shared one the page has. */
function build(manifest: object | null) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'jewel-web-preload-'));
  if (manifest) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dist;
}
const HTML =
  '<head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/vendor-1.js"></head>';

describe("the demo's pages preload the banner they show at once", () => {
  it('names its chunks and stylesheet the page does not load already, each once', () => {
    const dist = build({
      'index.html': { file: 'assets/index-1.js', imports: ['_vendor-1.js'] },
      '_vendor-1.js': { file: 'assets/vendor-1.js' },
      '_link-1.js': { file: 'assets/link-1.js', imports: ['_vendor-1.js'] },
      '_demo-1.js': { file: 'assets/demo-1.js', imports: ['_link-1.js'] },
      'src/app/frame-banners.tsx': {
        file: 'assets/frame-banners-1.js',
        imports: ['_vendor-1.js', '_link-1.js', '_demo-1.js'],
        css: ['assets/offline-1.css'],
      },
    });
    expect(demoBannerPreloads(dist, HTML)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/frame-banners-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/link-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/demo-1.js">' +
        '<link rel="preload" as="style" href="/assets/offline-1.css">',
    );
  });

  it('adds nothing without a manifest or without the banner in it', () => {
    expect(demoBannerPreloads(build(null), HTML)).toBe('');
    expect(demoBannerPreloads(build({ 'index.html': { file: 'assets/index-1.js' } }), HTML)).toBe('');
  });
});
