import type { I18nText } from '@jewel/contract/values/i18n';

/** The CSV export's column titles and cell words, in the four languages. */
export const CALIBRATION_COLUMNS = [
  'scope',
  'valuer_id',
  'valuer',
  'group',
  'group_name',
  'items',
  'pairs',
  'agreed',
  'agreement_pct',
  'judged',
  'overturned',
  'overturned_pct',
  'median_seconds',
  'kappa',
] as const;
export type CalibrationColumn = (typeof CALIBRATION_COLUMNS)[number];

const t = (zhHans: string, zhHant: string, en: string, ja: string): I18nText => ({
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  en,
  ja,
});

export const CALIBRATION_COLUMN_TITLES: Record<CalibrationColumn, I18nText> = {
  scope: t('范围', '範圍', 'Scope', '範囲'),
  valuer_id: t('鉴定师编号', '鑑定師編號', 'Valuer ID', '鑑定士ID'),
  valuer: t('鉴定师', '鑑定師', 'Valuer', '鑑定士'),
  group: t('分组', '分組', 'Group', '区分'),
  group_name: t('分组名称', '分組名稱', 'Group name', '区分名'),
  items: t('鉴定件数', '鑑定件數', 'Items appraised', '鑑定件数'),
  pairs: t('已复核的初鉴', '已複核的初鑑', 'Reconsidered first appraisals', '再鑑定済みの一次鑑定'),
  agreed: t('复核一致', '複核一致', 'Agreed', '一致'),
  agreement_pct: t('一致率 %', '一致率 %', 'Agreement %', '一致率 %'),
  judged: t('经综合评定', '經綜合評定', 'Comprehensively assessed', '総合評価あり'),
  overturned: t('被推翻', '被推翻', 'Overturned', '覆された'),
  overturned_pct: t('被推翻率 %', '被推翻率 %', 'Overturned %', '覆された率 %'),
  median_seconds: t('用时中位数（秒）', '用時中位數（秒）', 'Median time (s)', '所要時間の中央値（秒）'),
  kappa: t('Kappa（真伪）', 'Kappa（真偽）', 'Kappa (authenticity)', 'カッパ（真贋）'),
};

export const CALIBRATION_WORDS = {
  shop: t('全店', '全店', 'Shop', '全店'),
  valuer: t('鉴定师', '鑑定師', 'Valuer', '鑑定士'),
  all: t('全部', '全部', 'All', 'すべて'),
  category: t('品类', '品類', 'Category', 'カテゴリー'),
  brand: t('品牌', '品牌', 'Brand', 'ブランド'),
} satisfies Record<string, I18nText>;
