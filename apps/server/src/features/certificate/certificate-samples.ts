import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Lang } from '@jewel/contract/values/i18n';
import sharp from 'sharp';
import type { ShopIdentity } from '../../domain/shop.ts';
import { certificatePdf } from './certificate-pdf.ts';

/*
 * Renders sample certificates (page 1, 80 dpi PNG, through poppler's pdftoppm) into docs/, to
 * look at the layout in Chinese and Japanese: `node apps/server/src/features/certificate/certificate-samples.ts`.
 */

const SAMPLES: Record<
  'zh-Hans' | 'ja',
  {
    brand: string;
    product: string;
    material: string;
    verdict: string;
    level: string;
    valuers: string[];
    shop: ShopIdentity;
  }
> = {
  'zh-Hans': {
    brand: 'Cartier 卡地亚 Love',
    product: 'Love 手镯 经典款',
    material: '18K 黄金',
    verdict: '正品',
    level: 'A（使用痕迹轻微）',
    valuers: ['王鉴定', '李鉴定'],
    shop: {
      name: '金陵珠宝回收',
      licence: '许可证号 91320100MA1XXXXXXX',
      contact: '南京市秦淮区中山南路 1 号 · 025-0000-0000',
      logo: null,
      seal: null,
    },
  },
  ja: {
    brand: 'Cartier カルティエ Love',
    product: 'ラブブレスレット クラシック',
    material: '18K イエローゴールド',
    verdict: '本物',
    level: 'A（使用感少ない）',
    valuers: ['鈴木 一郎', '佐藤 花子'],
    shop: {
      name: '銀座質店',
      licence: '許可番号 第301010001234号',
      contact: '東京都中央区銀座 1-1 · 03-0000-0000',
      logo: null,
      seal: null,
    },
  },
};

async function photo(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="hsl(${hue},35%,88%)"/><circle cx="200" cy="150" r="95" fill="none" stroke="hsl(${hue},60%,40%)" stroke-width="22"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** A shop's logo (a wide mark) and its seal (a red round stamp with its name), as managers upload them. */
async function shopImages(name: string): Promise<{ logo: Buffer; seal: Buffer }> {
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120"><path d="M40 20h80l30 30-70 60-70-60z" fill="none" stroke="#0958d9" stroke-width="10"/><rect x="180" y="44" width="260" height="32" rx="16" fill="#0958d9"/></svg>`;
  const seal = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><circle cx="120" cy="120" r="108" fill="none" stroke="#c8102e" stroke-width="12"/><text x="120" y="150" font-size="84" font-family="Noto Serif CJK JP, Noto Sans CJK JP" font-weight="bold" text-anchor="middle" fill="#c8102e">${name.slice(0, 2)}</text></svg>`;
  return {
    logo: await sharp(Buffer.from(logo)).png().toBuffer(),
    seal: await sharp(Buffer.from(seal)).png().toBuffer(),
  };
}

const outDir = path.resolve(import.meta.dirname, '../../../../../docs');
const work = mkdtempSync(path.join(os.tmpdir(), 'certificate-'));
try {
  const photos = await Promise.all([40, 200, 120, 300].map(photo));
  for (const [lang, sample] of Object.entries(SAMPLES) as [Lang, (typeof SAMPLES)['ja']][]) {
    const pdf = await certificatePdf({
      lang,
      appraisal: {
        no: 'C20261126-0007',
        brand: sample.brand,
        product: sample.product,
        material: sample.material,
        isReal: 1,
        verdict: sample.verdict,
        reason: '',
        note: '',
        stateLevel: sample.level,
        valuers: sample.valuers,
        identifiedAt: new Date('2026-11-26T03:00:00Z'),
        photos: photos.map((_, n) => `/sample/${n}.jpg`),
      },
      photos,
      certificateId: 'q3Zb8mW1xT0kLr5pN2vYcA',
      url: 'https://shop.example.com/verify/q3Zb8mW1xT0kLr5pN2vYcA',
      date: () => '2026-11-26',
      shop: sample.shop,
      ...(await shopImages(sample.shop.name)),
    });
    const file = path.join(work, `${lang}.pdf`);
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', [
      '-r',
      '80',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      path.join(outDir, `certificate-${lang}`),
    ]);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
