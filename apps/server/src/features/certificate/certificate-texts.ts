import type { I18nText } from '@jewel/contract/values/i18n';

/*
 * The words of the certificate (PDF) and of the public verification page, in the four languages
 * (docs/decisions.md "Certificates and the verification page"). Labels of verdicts, reasons and
 * state levels come from the dictionary, as the app shows them.
 */
export const CERTIFICATE_TEXTS = {
  title: { 'zh-Hans': '鉴定证书', 'zh-Hant': '鑑定證書', en: 'Appraisal certificate', ja: '鑑定書' },
  itemNo: { 'zh-Hans': '商品编号', 'zh-Hant': '商品編號', en: 'Item no.', ja: '管理番号' },
  brand: { 'zh-Hans': '品牌', 'zh-Hant': '品牌', en: 'Brand', ja: 'ブランド' },
  product: { 'zh-Hans': '商品', 'zh-Hant': '商品', en: 'Product', ja: '商品' },
  material: { 'zh-Hans': '材质', 'zh-Hant': '材質', en: 'Material', ja: '素材' },
  verdict: { 'zh-Hans': '鉴定结论', 'zh-Hant': '鑑定結論', en: 'Verdict', ja: '鑑定結果' },
  reason: { 'zh-Hans': '原因', 'zh-Hant': '原因', en: 'Reason', ja: '理由' },
  stateLevel: { 'zh-Hans': '成色等级', 'zh-Hant': '成色等級', en: 'Condition grade', ja: '状態ランク' },
  valuers: { 'zh-Hans': '鉴定师', 'zh-Hant': '鑑定師', en: 'Valuers', ja: '鑑定士' },
  identifiedAt: { 'zh-Hans': '鉴定日期', 'zh-Hant': '鑑定日期', en: 'Date identified', ja: '鑑定日' },
  certificateId: { 'zh-Hans': '证书编号', 'zh-Hant': '證書編號', en: 'Certificate ID', ja: '鑑定書番号' },
  photos: { 'zh-Hans': '商品照片', 'zh-Hant': '商品照片', en: 'Photos of the item', ja: '商品写真' },
  photoAlt: {
    'zh-Hans': '商品照片 {n}',
    'zh-Hant': '商品照片 {n}',
    en: 'Photo {n} of the item',
    ja: '商品写真 {n}',
  },
  scan: {
    'zh-Hans': '扫码核验本证书',
    'zh-Hant': '掃碼核驗本證書',
    en: 'Scan to verify',
    ja: 'スキャンして真正性を確認',
  },
  footer: {
    'zh-Hans': '本证书仅对所载商品及鉴定日期有效。请扫描二维码在本店网站核验其当前状态。',
    'zh-Hant': '本證書僅對所載商品及鑑定日期有效。請掃描 QR 碼於本店網站核驗其目前狀態。',
    en: "This certificate covers the item described, as of the date identified. Scan the QR code to check its current standing on the shop's website.",
    ja: '本鑑定書は記載の商品の鑑定日時点の結果です。QRコードから当店のサイトで現在の状態をご確認ください。',
  },
  // The verification page.
  pageTitle: { 'zh-Hans': '鉴定核验', 'zh-Hant': '鑑定核驗', en: 'Appraisal verification', ja: '鑑定の確認' },
  language: { 'zh-Hans': '语言', 'zh-Hant': '語言', en: 'Language', ja: '言語' },
  valid: {
    'zh-Hans': '本店已对此商品作出以下鉴定结论。',
    'zh-Hant': '本店已對此商品作出以下鑑定結論。',
    en: 'The shop appraised this item with the result below.',
    ja: '当店はこの商品を以下のとおり鑑定しました。',
  },
  superseded: {
    'zh-Hans': '此证书已失效',
    'zh-Hant': '此證書已失效',
    en: 'This certificate has been superseded',
    ja: 'この鑑定書は無効になりました',
  },
  supersededText: {
    'zh-Hans': '该商品已于 {date} 重新鉴定，本证书（{issued} 鉴定）的结论不再有效。请向本店索取最新证书。',
    'zh-Hant': '該商品已於 {date} 重新鑑定，本證書（{issued} 鑑定）的結論不再有效。請向本店索取最新證書。',
    en: 'The item was re-assessed on {date}: the result of this certificate (identified on {issued}) no longer stands. Ask the shop for a current certificate.',
    ja: 'この商品は {date} に再鑑定されたため、本鑑定書（{issued} 鑑定）の結果は有効ではありません。最新の鑑定書は当店にお問い合わせください。',
  },
  underReview: {
    'zh-Hans': '核查中',
    'zh-Hant': '核查中',
    en: 'Under review',
    ja: '確認中',
  },
  underReviewText: {
    'zh-Hans': '本店正在核查此商品，核查期间不提供鉴定结论。如有疑问，请联系本店。',
    'zh-Hant': '本店正在核查此商品，核查期間不提供鑑定結論。如有疑問，請聯繫本店。',
    en: 'The shop is reviewing this item and shows no appraisal result meanwhile. Ask the shop if you have questions.',
    ja: '当店はこの商品を確認中のため、確認が終わるまで鑑定結果を表示しません。ご不明な点は当店にお問い合わせください。',
  },
  demo: {
    'zh-Hans': '演示数据：这不是真实店铺出具的证书。',
    'zh-Hant': '示範資料：這不是真實店鋪出具的證書。',
    en: 'Demo data: this is not a real shop’s certificate.',
    ja: 'デモデータです。実在の店舗が発行した証明書ではありません。',
  },
  inProgress: {
    'zh-Hans': '鉴定进行中',
    'zh-Hant': '鑑定進行中',
    en: 'Appraisal in progress',
    ja: '鑑定中',
  },
  inProgressText: {
    'zh-Hans': '该商品尚无最终鉴定结论，请稍后再查看。',
    'zh-Hant': '該商品尚無最終鑑定結論，請稍後再查看。',
    en: 'This item has no final appraisal result yet. Please check again later.',
    ja: 'この商品にはまだ最終鑑定結果がありません。しばらくしてから再度ご確認ください。',
  },
  notFound: {
    'zh-Hans': '找不到此核验页面',
    'zh-Hant': '找不到此核驗頁面',
    en: 'This verification page does not exist',
    ja: 'この確認ページは存在しません',
  },
  notFoundText: {
    'zh-Hans': '请检查链接是否完整，或直接联系本店。',
    'zh-Hant': '請檢查連結是否完整，或直接聯絡本店。',
    en: 'Check that the link is complete, or contact the shop.',
    ja: 'リンクが正しいかご確認いただくか、当店にお問い合わせください。',
  },
} satisfies Record<string, I18nText>;
