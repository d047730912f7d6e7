import type { I18nText } from '@jewel/contract/values/i18n';
import { paths } from '@jewel/contract/values/web-paths';
import { t } from './text.ts';

export interface BannerSeed {
  title: I18nText;
  /** Served by the web app from `apps/web/public/banners/`. */
  image: string;
  /** An in-app path, or empty. */
  link: string;
}

/** The dashboard banners, in display order; the images carry no text, the app shows the title. */
export const BANNERS: readonly BannerSeed[] = [
  {
    title: t(
      '黄金成色鉴定新标准上线',
      '黃金成色鑑定新標準上線',
      'New appraisal standards for gold purity',
      '金の品位鑑定に新基準を導入',
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
    image: '/banners/banner-2.svg',
    link: paths.restock,
  },
  {
    title: t('日本门店盛大开业', '日本門店盛大開業', 'Our shop in Japan is now open', '日本店グランドオープン'),
    image: '/banners/banner-3.svg',
    link: '',
  },
];
