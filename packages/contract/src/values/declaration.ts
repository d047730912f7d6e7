/**
 * The seller's signed declaration (古物営業法 §15(1), 施行規則 §15: the written method is a
 * document stating the seller's name, address, occupation and age, signed by the seller; issue 27
 * item 4). One renderer for the signing view and the server: the server renders the text again
 * at the buyback from the data it writes into the ledger and refuses a text that differs, so the
 * stored text is exactly what the seller saw. No zod and no Intl here (an ICU of another version
 * must not change a character): the web app imports it.
 */
import type { Lang } from './i18n.ts';

/** The longest declaration the buyback accepts (a few items, long addresses). */
export const DECLARATION_TEXT_MAX = 4000;

export interface DeclarationItem {
  /** The ledger's §16 品目 in the declaration's language: category / brand / product. */
  item: string;
  price: number;
  currency: string;
}

export interface DeclarationData {
  name: string;
  address: string;
  occupation: string;
  /** Whole years on the shop's day; null when no birth date is known. */
  age: number | null;
  items: DeclarationItem[];
}

interface Wording {
  title: string;
  name: string;
  address: string;
  occupation: string;
  age: string;
  years: (age: number) => string;
  unknown: string;
  items: string;
  colon: string;
  statement: string;
}

const WORDING: Record<Lang, Wording> = {
  'zh-Hans': {
    title: '出售声明书',
    name: '姓名',
    address: '住址',
    occupation: '职业',
    age: '年龄',
    years: (age) => `${age}岁`,
    unknown: '未记载',
    items: '出售物品及价格',
    colon: '：',
    statement: '本人郑重声明：上述物品确为本人所有，本人系出于自愿将其出售给贵店。',
  },
  'zh-Hant': {
    title: '出售聲明書',
    name: '姓名',
    address: '住址',
    occupation: '職業',
    age: '年齡',
    years: (age) => `${age}歲`,
    unknown: '未記載',
    items: '出售物品及價格',
    colon: '：',
    statement: '本人鄭重聲明：上述物品確為本人所有，本人係出於自願將其出售予貴店。',
  },
  en: {
    title: "Seller's declaration",
    name: 'Name',
    address: 'Address',
    occupation: 'Occupation',
    age: 'Age',
    years: (age) => String(age),
    unknown: 'not stated',
    items: 'Items sold and prices',
    colon: ': ',
    statement: 'I declare that I own the items listed above and that I sell them to this shop of my own free will.',
  },
  ja: {
    title: '売却申込書',
    name: '氏名',
    address: '住所',
    occupation: '職業',
    age: '年齢',
    years: (age) => `${age}歳`,
    unknown: '記載なし',
    items: '売却品目及び代価',
    colon: '：',
    statement: '私は、上記の品物が私の所有物であることに相違なく、私自身の意思により貴店に売却いたします。',
  },
};

/** `120,000 JPY`, `3,000.50 CNY`: digits grouped by three, JPY whole, other currencies in cents. */
export function declarationPrice(price: number, currency: string): string {
  const digits = currency === 'JPY' ? 0 : 2;
  const [whole = '0', fraction] = Math.abs(price).toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${price < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''} ${currency}`;
}

/** The declaration's text in `lang`, one line per part, the statement last, above the signature. */
export function renderDeclaration(lang: Lang, data: DeclarationData): string {
  const w = WORDING[lang];
  const line = (label: string, value: string) => `${label}${w.colon}${value === '' ? w.unknown : value}`;
  return [
    w.title,
    line(w.name, data.name),
    line(w.address, data.address),
    line(w.occupation, data.occupation),
    line(w.age, data.age === null ? '' : w.years(data.age)),
    `${w.items}${w.colon.trimEnd()}`,
    ...data.items.map((entry) => `・${entry.item}　${declarationPrice(entry.price, entry.currency)}`),
    w.statement,
  ].join('\n');
}
