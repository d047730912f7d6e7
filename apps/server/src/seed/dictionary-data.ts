import type { DICTIONARY_GROUPS, DictionarySection } from '@jewel/contract/dictionary';
import { NO_ACCESSORIES } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS, type CommodityStatusName } from '@jewel/contract/values/commodity-status';
import {
  CURRENCIES,
  REPLENISH_STATUS,
  SIZE_UNITS,
  STATE_LEVELS,
  WEIGHT_UNITS,
} from '@jewel/contract/values/dictionary';
import type { I18nText } from '@jewel/contract/values/i18n';
import { t } from './text.ts';

/** Flat group keys (`identify_product.status` …), one per group of DICTIONARY_GROUPS. */
export type DictionaryGroupKey = {
  [S in DictionarySection]: `${S}.${(typeof DICTIONARY_GROUPS)[S][number]}`;
}[DictionarySection];

/** One option; its position in the group is its sort order, its JS type its `valueType`. */
export interface DictionaryOptionSeed {
  value: number | string;
  label: I18nText;
}

/** Options whose values come from a contract constant, labelled by the constant's names. */
function fromValues<K extends string>(
  values: Readonly<Record<K, number | string>>,
  labels: Record<K, I18nText>,
): DictionaryOptionSeed[] {
  return (Object.keys(values) as K[]).map((name) => ({ value: values[name], label: labels[name] }));
}

/** Options whose values are a contract list (currencies, units, state levels). */
function fromList<V extends string>(values: readonly V[], labels: Record<V, I18nText>): DictionaryOptionSeed[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

const commodityStatusLabels: Record<CommodityStatusName, I18nText> = {
  pendingDistribution: t('待分配', '待分配', 'Pending distribution', '割り当て待ち'),
  pendingAppraisal: t('待鉴定', '待鑑定', 'Pending appraisal', '鑑定待ち'),
  inAppraisal: t('鉴定中', '鑑定中', 'In appraisal', '鑑定中'),
  toBeModified: t('待修改', '待修改', 'To be modified', '修正待ち'),
  pendingReconsideration: t('待复核', '待複核', 'Pending reconsideration', '再鑑定待ち'),
  inReconsideration: t('复核中', '複核中', 'In reconsideration', '再鑑定中'),
  pendingComprehensive: t('待综合评定', '待綜合評定', 'Pending comprehensive assessment', '総合判定待ち'),
  identified: t('已鉴定', '已鑑定', 'Identified', '鑑定済み'),
  recycled: t('已回收', '已回收', 'Bought', '買取済み'),
  returned: t('已退还', '已退還', 'Returned', '返却済み'),
};

const stateLevelLabels: Record<(typeof STATE_LEVELS)[number], I18nText> = {
  N: t('N – 全新未使用', 'N – 全新未使用', 'N – new, unused', 'N – 新品・未使用'),
  S: t('S – 近全新，几乎无使用痕迹', 'S – 近全新，幾乎無使用痕跡', 'S – as new, no signs of use', 'S – 新品同様'),
  SA: t('SA – 极上品，轻微使用痕迹', 'SA – 極上品，輕微使用痕跡', 'SA – excellent, barely used', 'SA – 極美品'),
  A: t('A – 美品，少许使用痕迹', 'A – 美品，少許使用痕跡', 'A – very good, light wear', 'A – 美品・使用感少'),
  AB: t('AB – 良品，有使用痕迹', 'AB – 良品，有使用痕跡', 'AB – good, some wear', 'AB – 良品・やや使用感あり'),
  B: t('B – 明显使用痕迹', 'B – 明顯使用痕跡', 'B – fair, visible wear', 'B – 使用感あり'),
  BC: t('BC – 较多磨损', 'BC – 較多磨損', 'BC – well worn', 'BC – 使用感が目立つ'),
  C: t('C – 严重磨损或有损坏', 'C – 嚴重磨損或有損壞', 'C – heavily worn or damaged', 'C – 難あり・ダメージ大'),
};

/** Every dictionary group with its options, in four languages (SPEC.md §3). */
export const DICTIONARY: Record<DictionaryGroupKey, readonly DictionaryOptionSeed[]> = {
  'user.genders': [
    { value: 0, label: t('未知', '未知', 'Unknown', '未設定') },
    { value: 1, label: t('男', '男', 'Male', '男性') },
    { value: 2, label: t('女', '女', 'Female', '女性') },
  ],

  'product.replenish_status': fromValues(REPLENISH_STATUS, {
    notNeeded: t('无需补货', '無需補貨', 'Not needed', '補充不要'),
    wanted: t('需要补货', '需要補貨', 'Wanted', '買取強化中'),
    urgentlyWanted: t('急需补货', '急需補貨', 'Urgently wanted', '緊急買取強化中'),
  }),

  'identify_product.status': fromValues(COMMODITY_STATUS, commodityStatusLabels),
  'identify_product.product_status': [
    { value: 1, label: t('全新未使用', '全新未使用', 'New, unused', '新品・未使用') },
    { value: 2, label: t('二手·成色良好', '二手·成色良好', 'Used – good', '中古・美品') },
    { value: 3, label: t('二手·有使用痕迹', '二手·有使用痕跡', 'Used – worn', '中古・使用感あり') },
    { value: 4, label: t('有损坏', '有損壞', 'Damaged', '破損あり') },
  ],
  'identify_product.product_accessories': [
    { value: 'box', label: t('包装盒', '包裝盒', 'Box', '箱') },
    { value: 'certificate', label: t('鉴定证书', '鑑定證書', 'Certificate', '鑑定書') },
    { value: 'receipt', label: t('购物小票/发票', '購物收據/發票', 'Receipt', 'レシート・購入証明') },
    { value: 'dust_bag', label: t('防尘袋', '防塵袋', 'Dust bag', '保存袋') },
    { value: 'warranty_card', label: t('保修卡', '保修卡', 'Warranty card', '保証書（ギャランティカード）') },
    { value: 'tag', label: t('吊牌', '吊牌', 'Tag', 'タグ') },
    { value: 'strap', label: t('肩带/表带', '肩帶/錶帶', 'Strap', 'ストラップ・ベルト') },
    { value: 'spare_links', label: t('备用表节', '備用錶節', 'Spare links', '余りコマ') },
    { value: 'padlock_keys', label: t('锁头与钥匙', '鎖頭與鑰匙', 'Padlock and keys', 'カデナ・鍵') },
    { value: NO_ACCESSORIES, label: t('无附件', '無附件', 'None', '付属品なし') },
  ],
  'identify_product.valuation_priority': [
    { value: 1, label: t('普通', '普通', 'Normal', '通常') },
    { value: 2, label: t('加急', '加急', 'Urgent', '至急') },
  ],
  'identify_product.revisit_type': [
    { value: 1, label: t('客户要求', '客戶要求', 'Customer request', 'お客様のご要望') },
    { value: 2, label: t('新证据', '新證據', 'New evidence', '新たな証拠') },
    { value: 3, label: t('综合重新评定', '綜合重新評定', 'Comprehensive re-assessment', '総合的な再査定') },
  ],

  'identify_flow.status': [
    { value: 1, label: t('待处理', '待處理', 'Pending', '未着手') },
    { value: 2, label: t('进行中', '進行中', 'In progress', '対応中') },
    { value: 3, label: t('已完成', '已完成', 'Done', '完了') },
    { value: 4, label: t('已退回', '已退回', 'Returned', '差し戻し') },
  ],

  'identify_result.is_real': [
    { value: 1, label: t('正品', '正品', 'Genuine', '本物') },
    { value: 2, label: t('仿品', '仿品', 'Fake', '偽物') },
    { value: 3, label: t('无法判定', '無法判定', 'Undetermined', '判定不可') },
  ],
  'identify_result.state_level': fromList(STATE_LEVELS, stateLevelLabels),
  'identify_result.product_status': [
    { value: 1, label: t('极佳', '極佳', 'Excellent', '極上') },
    { value: 2, label: t('良好', '良好', 'Good', '良好') },
    { value: 3, label: t('一般', '一般', 'Fair', '普通') },
    { value: 4, label: t('较差', '較差', 'Poor', '不良') },
  ],
  'identify_result.not_genuine_reason': [
    { value: 'hallmark_mismatch', label: t('印记不符', '印記不符', 'Hallmark mismatch', '刻印（ホールマーク）不一致') },
    { value: 'stitching', label: t('缝线工艺不符', '縫線工藝不符', 'Stitching inconsistent', 'ステッチの相違') },
    { value: 'serial_number', label: t('序列号异常', '序號異常', 'Serial number invalid', 'シリアル番号の異常') },
    { value: 'material_test', label: t('材质检测不符', '材質檢測不符', 'Material test failed', '素材検査で不適合') },
    { value: 'weight_mismatch', label: t('重量不符', '重量不符', 'Weight mismatch', '重量の不一致') },
    { value: 'engraving_font', label: t('刻字字体不符', '刻字字體不符', 'Engraving font mismatch', '刻印書体の相違') },
    { value: 'hardware', label: t('五金件不符', '五金件不符', 'Hardware inconsistent', '金具の相違') },
    { value: 'other', label: t('其他', '其他', 'Other', 'その他') },
  ],

  'recycle.is_recycle': [
    { value: 1, label: t('是', '是', 'Yes', 'はい') },
    { value: 0, label: t('否', '否', 'No', 'いいえ') },
  ],

  'inquiry.status': [
    { value: 1, label: t('待估价', '待估價', 'Open', '受付中') },
    { value: 2, label: t('已估价', '已估價', 'Estimated', '査定済み') },
    { value: 3, label: t('已关闭', '已關閉', 'Closed', '対応終了') },
  ],
  'inquiry.source': [
    { value: 'walk_in', label: t('到店', '到店', 'Walk-in', '店頭') },
    { value: 'phone', label: t('电话', '電話', 'Phone', '電話') },
    { value: 'wechat', label: t('微信', '微信', 'WeChat', 'WeChat') },
    { value: 'line', label: t('LINE', 'LINE', 'LINE', 'LINE') },
    { value: 'website', label: t('官网', '官網', 'Website', 'ウェブサイト') },
    { value: 'partner', label: t('合作渠道', '合作渠道', 'Partner', '提携先') },
  ],
  'inquiry.priority': [
    { value: 1, label: t('普通', '普通', 'Normal', '通常') },
    { value: 2, label: t('加急', '加急', 'Urgent', '至急') },
  ],
  'inquiry.estimate_status': [
    { value: 0, label: t('未估价', '未估價', 'Not estimated', '未査定') },
    { value: 1, label: t('已估价', '已估價', 'Estimated', '査定済み') },
  ],

  'common.currency': fromList(CURRENCIES, {
    CNY: t('人民币 (CNY)', '人民幣 (CNY)', 'Chinese yuan (CNY)', '人民元 (CNY)'),
    USD: t('美元 (USD)', '美元 (USD)', 'US dollar (USD)', '米ドル (USD)'),
    JPY: t('日元 (JPY)', '日圓 (JPY)', 'Japanese yen (JPY)', '日本円 (JPY)'),
  }),
  'common.size_unit': fromList(SIZE_UNITS, {
    mm: t('毫米 (mm)', '毫米 (mm)', 'mm', 'mm'),
    cm: t('厘米 (cm)', '厘米 (cm)', 'cm', 'cm'),
    m: t('米 (m)', '米 (m)', 'm', 'm'),
  }),
  'common.weight_unit': fromList(WEIGHT_UNITS, {
    g: t('克 (g)', '克 (g)', 'g', 'g'),
  }),
};
