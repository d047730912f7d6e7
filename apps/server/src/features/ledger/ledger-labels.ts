import type { PaymentMethod } from '@jewel/contract/values/aml';
import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import type { LedgerIdentityMethod } from '@jewel/contract/values/ledger';

/*
 * The words of the ledger's exports. The Japanese columns are the reference (古物営業法 §16 and
 * 施行規則 §17: 取引の年月日, 品目及び数量, 特徴, 代価, 相手方の住所・氏名・職業・年齢, 確認の方法);
 * the other languages translate them. An entry number and the commodity's number come first
 * so that a correction can name the entry it corrects.
 */

export const LEDGER_COLUMNS = [
  'no',
  'date',
  'commodityNo',
  'item',
  'quantity',
  'features',
  'price',
  'payment',
  'address',
  'name',
  'occupation',
  'age',
  'identityMethod',
  'correction',
] as const;
/**
 * The CSV's columns: the amount and its currency apart, so that a spreadsheet sums the amounts
 * (issue 29 item 1); the PDF prints them together (`¥120,000`).
 */
export const LEDGER_CSV_COLUMNS = [...LEDGER_COLUMNS.slice(0, 7), 'currency', ...LEDGER_COLUMNS.slice(7)] as const;
export type LedgerColumn = (typeof LEDGER_CSV_COLUMNS)[number];

export const LEDGER_COLUMN_TITLES: Record<Lang, Record<LedgerColumn, string>> = {
  ja: {
    no: '番号',
    date: '取引年月日',
    commodityNo: '管理番号',
    item: '品目',
    quantity: '数量',
    features: '特徴',
    price: '代価',
    currency: '通貨',
    payment: '支払方法',
    address: '相手方の住所',
    name: '氏名',
    occupation: '職業',
    age: '年齢',
    identityMethod: '確認の方法',
    correction: '訂正',
  },
  'zh-Hans': {
    no: '编号',
    date: '交易日期',
    commodityNo: '商品编号',
    item: '品目',
    quantity: '数量',
    features: '特征',
    price: '价款',
    currency: '币种',
    payment: '付款方式',
    address: '对方住址',
    name: '姓名',
    occupation: '职业',
    age: '年龄',
    identityMethod: '身份确认方式',
    correction: '更正',
  },
  'zh-Hant': {
    no: '編號',
    date: '交易日期',
    commodityNo: '商品編號',
    item: '品目',
    quantity: '數量',
    features: '特徵',
    price: '價款',
    currency: '幣別',
    payment: '付款方式',
    address: '對方住址',
    name: '姓名',
    occupation: '職業',
    age: '年齡',
    identityMethod: '身分確認方式',
    correction: '更正',
  },
  en: {
    no: 'No.',
    date: 'Date of transaction',
    commodityNo: 'Item no.',
    item: 'Item',
    quantity: 'Quantity',
    features: 'Features',
    price: 'Price',
    currency: 'Currency',
    payment: 'Payment',
    address: "Seller's address",
    name: 'Name',
    occupation: 'Occupation',
    age: 'Age',
    identityMethod: 'Identity check',
    correction: 'Correction',
  },
};

export const IDENTITY_METHOD_LABELS: Record<LedgerIdentityMethod, I18nText> = {
  drivers_licence: { ja: '運転免許証', 'zh-Hans': '驾驶证', 'zh-Hant': '駕駛執照', en: "Driver's licence" },
  my_number_card: { ja: 'マイナンバーカード', 'zh-Hans': '个人编号卡', 'zh-Hant': '個人編號卡', en: 'My Number card' },
  residence_card: { ja: '在留カード', 'zh-Hans': '在留卡', 'zh-Hant': '在留卡', en: 'Residence card' },
  passport: { ja: 'パスポート', 'zh-Hans': '护照', 'zh-Hant': '護照', en: 'Passport' },
  resident_identity_card: {
    ja: '居民身分証',
    'zh-Hans': '居民身份证',
    'zh-Hant': '居民身分證',
    en: 'Resident identity card',
  },
  health_insurance_card: {
    ja: '健康保険証',
    'zh-Hans': '医疗保险卡',
    'zh-Hant': '健康保險卡',
    en: 'Health insurance card',
  },
  other: { ja: 'その他の書類', 'zh-Hans': '其他证件', 'zh-Hant': '其他證件', en: 'Other document' },
  none: {
    ja: '確認なし（基準額未満）',
    'zh-Hans': '未核验（低于金额标准）',
    'zh-Hant': '未核驗（低於金額標準）',
    en: 'Not checked (below the threshold)',
  },
};

/** A document named by its expiry (a My Number card, issue 27 item 1): `{date}` is its day. */
export const DOCUMENT_EXPIRY_LABEL: I18nText = {
  ja: '（表面のみ確認、有効期限 {date}）',
  'zh-Hans': '（仅核验正面，有效期至 {date}）',
  'zh-Hant': '（僅核驗正面，有效期限至 {date}）',
  en: '(front only, valid until {date})',
};

/** How the seller was paid (issue 27 item 2); `unknown` for entries written before it was recorded. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod | 'unknown', I18nText> = {
  cash: { ja: '現金', 'zh-Hans': '现金', 'zh-Hant': '現金', en: 'Cash' },
  bank_transfer: { ja: '銀行振込', 'zh-Hans': '银行转账', 'zh-Hant': '銀行轉帳', en: 'Bank transfer' },
  unknown: { ja: '記録なし', 'zh-Hans': '未记录', 'zh-Hant': '未記錄', en: 'Not recorded' },
};

export const LEDGER_TEXTS = {
  /** The verification at transaction of 犯罪収益移転防止法 §4, with the purpose the seller stated. */
  amlVerified: {
    ja: '取引時確認（目的：{purpose}）',
    'zh-Hans': '交易时核验（目的：{purpose}）',
    'zh-Hant': '交易時核驗（目的：{purpose}）',
    en: 'Verified at transaction (purpose: {purpose})',
  },
  title: { ja: '古物台帳', 'zh-Hans': '旧货交易台账', 'zh-Hant': '舊貨交易台帳', en: "Dealer's ledger" },
  /** `{from}` and `{to}`: days, or "…" for an open end. */
  period: {
    ja: '期間：{from} ～ {to}（{zone}）',
    'zh-Hans': '期间：{from} 至 {to}（{zone}）',
    'zh-Hant': '期間：{from} 至 {to}（{zone}）',
    en: 'Period: {from} to {to} ({zone})',
  },
  /** Each currency's sum of the period's entries, a corrected entry once, as corrected. */
  total: {
    ja: '合計（訂正後）',
    'zh-Hans': '合计（按更正后）',
    'zh-Hant': '合計（按更正後）',
    en: 'Total (as corrected)',
  },
  count: { ja: '{count} 件', 'zh-Hans': '共 {count} 条', 'zh-Hant': '共 {count} 筆', en: '{count} entries' },
  page: {
    ja: '{page} / {pages} ページ',
    'zh-Hans': '第 {page} / {pages} 页',
    'zh-Hant': '第 {page} / {pages} 頁',
    en: 'Page {page} / {pages}',
  },
  printedAt: { ja: '出力日時：{at}', 'zh-Hans': '导出时间：{at}', 'zh-Hant': '匯出時間：{at}', en: 'Exported {at}' },
  empty: {
    ja: 'この期間の記録はありません',
    'zh-Hans': '该期间没有记录',
    'zh-Hant': '該期間沒有記錄',
    en: 'No entries in this period',
  },
  corrects: {
    ja: '番号{id}を訂正：{reason}',
    'zh-Hans': '更正第 {id} 号：{reason}',
    'zh-Hant': '更正第 {id} 號：{reason}',
    en: 'Corrects No. {id}: {reason}',
  },
  correctedBy: {
    ja: '番号{id}で訂正済み',
    'zh-Hans': '已由第 {id} 号更正',
    'zh-Hant': '已由第 {id} 號更正',
    en: 'Corrected by No. {id}',
  },
  fileName: { ja: '古物台帳', 'zh-Hans': '台账', 'zh-Hant': '台帳', en: 'ledger' },
} satisfies Record<string, I18nText>;
