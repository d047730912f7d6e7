import type { I18nText } from '@jewel/contract/values/i18n';
import { paths } from '@jewel/contract/values/web-paths';
import { t } from './text.ts';

export interface BannerSeed {
  title: I18nText;
  /** The line under the title on the image. */
  text: I18nText;
  /** Served by the web app from `apps/web/public/banners/`. */
  image: string;
  /** An in-app path, or empty. */
  link: string;
}

/** The dashboard banners, in display order; the images carry no words, the app writes title and text on them. */
export const BANNERS: readonly BannerSeed[] = [
  {
    title: t(
      '黄金成色鉴定新标准上线',
      '黃金成色鑑定新標準上線',
      'New appraisal standards for gold purity',
      '金の品位鑑定に新基準を導入',
    ),
    text: t(
      '荧光X射线检测，三分钟出结果',
      '螢光X射線檢測，三分鐘出結果',
      'X-ray fluorescence testing, results in three minutes',
      '蛍光X線分析で、3分で結果がわかります',
    ),
    image: '/banners/banner-1.svg',
    link: paths.know,
  },
  {
    title: t(
      '秋季名牌包回收季',
      '秋季名牌包回收季',
      'Autumn designer bag buyback campaign',
      '秋のブランドバッグ買取キャンペーン',
    ),
    text: t(
      '爱马仕、香奈儿、路易威登 11月30日前加价收购',
      '愛馬仕、香奈兒、路易威登 11月30日前加價收購',
      'Higher offers for Hermès, Chanel and Louis Vuitton until 30 November',
      'エルメス・シャネル・ルイ・ヴィトンを11月30日まで買取額アップ',
    ),
    image: '/banners/banner-2.svg',
    link: paths.restock,
  },
  {
    title: t('日本门店盛大开业', '日本門店盛大開業', 'Our shop in Japan is now open', '日本店グランドオープン'),
    text: t(
      '东京银座店，欢迎光临',
      '東京銀座店，歡迎光臨',
      'Come and see us in Ginza, Tokyo',
      '東京・銀座店へぜひお越しください',
    ),
    image: '/banners/banner-3.svg',
    link: '',
  },
];
