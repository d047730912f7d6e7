import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import { t } from './text.ts';

export interface KnowledgeCategorySeed {
  code: string;
  name: I18nText;
}

/** The knowledge base's categories, in display order. */
export const KNOWLEDGE_CATEGORIES = [
  { code: 'precious-metals', name: t('贵金属', '貴金屬', 'Precious metals', '貴金属') },
  { code: 'gemstones', name: t('宝石', '寶石', 'Gemstones', '宝石') },
  { code: 'bags', name: t('名牌包', '名牌包', 'Bags', 'バッグ') },
  { code: 'watches', name: t('腕表', '腕錶', 'Watches', '時計') },
  { code: 'practice', name: t('鉴定实务', '鑑定實務', 'Practice', '査定の実務') },
] as const satisfies readonly KnowledgeCategorySeed[];

export type KnowledgeCategoryCode = (typeof KNOWLEDGE_CATEGORIES)[number]['code'];

export interface KnowledgeVersionSeed {
  title: string;
  summary: string;
  tags: string[];
  /** Markdown. */
  body: string;
}

export interface KnowledgeArticleSeed {
  slug: string;
  category: KnowledgeCategoryCode;
  /** Served by the web app from `apps/web/public/knowledge/`. */
  cover: string;
  versions: Record<Lang, KnowledgeVersionSeed>;
}

/** The demo articles, the first shown first (newest). */
export const KNOWLEDGE_ARTICLES: readonly KnowledgeArticleSeed[] = [
  {
    slug: 'gold-purity-marks',
    category: 'precious-metals',
    cover: '/knowledge/precious-metals.svg',
    versions: {
      'zh-Hans': {
        title: '如何读懂黄金与铂金的成色印记',
        summary: '999、足金、Au750、18K、585、Pt950、K18……一张表看懂常见成色印记，以及哪些印记说明只是镀金。',
        tags: ['黄金', '铂金', '成色', '印记'],
        body: `成色印记是判断贵金属饰品价值的第一步，但它只是**声明**，不是证明。先读懂印记，再用仪器核实。

## 两种表示法

- **千分数**：每一千份中含多少纯金，例如 750 表示 75.0%。
- **K 数**：以 24 分之几表示，18K = 18/24 = 75.0%。

## 常见印记对照

| 印记 | 含量 | 说明 |
|:--|:--|:--|
| 千足金、999、Au999 | ≥ 99.9% | 国标 GB 11887 中的“千足金” |
| 足金、Au990 | ≥ 99.0% | 国内金店最常见 |
| 916、22K | 91.6% | 香港、东南亚常见 |
| 750、Au750、18K、G18K | 75.0% | 镶嵌首饰主流 |
| 585、14K | 58.5% | 欧美首饰常见 |
| 375、9K | 37.5% | 英国常见 |
| Pt950、Pt900 | 95% / 90% 铂 | 日本多为 Pt900 |

## 日本的 K18 与造币局印记

日本首饰把 K 写在数字前面：**K18、K14、K24**。经日本造币局检定的制品，还会带有日之丸旗形的检定印记和表示成色的数字，这类印记较难仿冒。

## 说明“不是足金”的印记

**GP**（镀金）、**GF**（包金）、**RGP**、**HGE**、**K18GP**、**18KGE** 都表示表面只有一层金；**SV925**、**S925** 是银。

## 柜台上的做法

1. 用放大镜读印记并拍照（见《如何为鉴定拍摄物品》）。
2. 称重，结合尺寸判断是否合理：金的密度约 19.3 g/cm³。
3. 用磁铁排除铁芯，再用 X 射线荧光（XRF）或比重法确认。
4. 印记与检测不符时，一律以检测为准，并在鉴定记录中注明“印记不符”。`,
      },
      'zh-Hant': {
        title: '如何讀懂黃金與鉑金的成色印記',
        summary: '999、足金、Au750、18K、585、Pt950、K18……一張表看懂常見成色印記，以及哪些印記說明只是鍍金。',
        tags: ['黃金', '鉑金', '成色', '印記'],
        body: `成色印記是判斷貴金屬飾品價值的第一步，但它只是**聲明**，不是證明。先讀懂印記，再用儀器核實。

## 兩種表示法

- **千分數**：每一千份中含多少純金，例如 750 表示 75.0%。
- **K 數**：以 24 分之幾表示，18K = 18/24 = 75.0%。

## 常見印記對照

| 印記 | 含量 | 說明 |
|:--|:--|:--|
| 千足金、999、Au999 | ≥ 99.9% | 中國國標 GB 11887 的「千足金」 |
| 足金、Au990 | ≥ 99.0% | 金舖最常見 |
| 916、22K | 91.6% | 香港、東南亞常見 |
| 750、Au750、18K、G18K | 75.0% | 鑲嵌首飾主流 |
| 585、14K | 58.5% | 歐美首飾常見 |
| 375、9K | 37.5% | 英國常見 |
| Pt950、Pt900 | 95% / 90% 鉑 | 日本多為 Pt900 |

## 日本的 K18 與造幣局印記

日本首飾把 K 寫在數字前面：**K18、K14、K24**。經日本造幣局檢定的製品，還會帶有日之丸旗形的檢定印記和表示成色的數字，這類印記較難仿冒。

## 說明「不是足金」的印記

**GP**（鍍金）、**GF**（包金）、**RGP**、**HGE**、**K18GP**、**18KGE** 都表示表面只有一層金；**SV925**、**S925** 是銀。

## 櫃檯上的做法

1. 用放大鏡讀印記並拍照（見〈如何為鑑定拍攝物品〉）。
2. 秤重，結合尺寸判斷是否合理：金的密度約 19.3 g/cm³。
3. 用磁鐵排除鐵芯，再用 X 射線螢光（XRF）或比重法確認。
4. 印記與檢測不符時，一律以檢測為準，並在鑑定記錄中註明「印記不符」。`,
      },
      en: {
        title: 'How to read gold and platinum purity marks',
        summary:
          '999, Au750, 18K, 585, Pt950, K18: the common purity marks in one table, and the marks that mean the piece is only plated.',
        tags: ['gold', 'platinum', 'purity', 'hallmarks'],
        body: `A purity mark is the first thing to read on a precious-metal piece, but it is a **claim**, not proof. Read the mark, then verify it.

## Two ways of writing purity

- **Millesimal fineness**: parts of pure metal per thousand, so 750 means 75.0%.
- **Karats**: parts per 24, so 18K = 18/24 = 75.0%.

## Common marks

| Mark | Fine metal | Where you see it |
|:--|:--|:--|
| 999, Au999, 千足金 | ≥ 99.9% | Chinese investment gold and bars |
| 990, 足金 | ≥ 99.0% | Chinese gold shops |
| 916, 22K | 91.6% | Hong Kong, India, South-East Asia |
| 750, Au750, 18K | 75.0% | Most set jewellery |
| 585, 14K | 58.5% | Europe and the US |
| 375, 9K | 37.5% | The UK |
| Pt950, Pt900 | 95% / 90% platinum | Pt900 is the Japanese norm |

## K18 in Japan

Japanese pieces put the K first: **K18, K14, K24**. Pieces assayed by the Japan Mint also carry its hallmark, a small flag-shaped stamp with the fineness, which is much harder to fake than a plain K18.

## Marks that mean "not solid"

**GP** (gold plated), **GF** (gold filled), **RGP**, **HGE**, **K18GP** and **18KGE** all mean a thin layer of gold over another metal. **SV925** or **S925** is sterling silver.

## At the counter

1. Read the mark with a loupe and photograph it.
2. Weigh the piece and compare with its size: gold is about 19.3 g/cm³.
3. Rule out a steel core with a magnet, then confirm with XRF or a specific-gravity test.
4. When the mark and the test disagree, the test wins: record "hallmark mismatch".`,
      },
      ja: {
        title: '金・プラチナの品位刻印の読み方',
        summary: '999、Au750、18K、585、Pt950、K18……よく見る品位刻印を一覧で。メッキを示す刻印もあわせて確認します。',
        tags: ['金', 'プラチナ', '品位', '刻印'],
        body: `品位刻印は貴金属を査定するときに最初に見るものですが、あくまで**表示**であって証明ではありません。刻印を読み、そのうえで検査で確かめます。

## 二つの表し方

- **千分率**：1000 分のうち純金がいくらか。750 なら 75.0%。
- **カラット**：24 分率。18K = 18/24 = 75.0%。

## よく見る刻印

| 刻印 | 純度 | 主な流通 |
|:--|:--|:--|
| K24、999、Au999 | 99.9% 以上 | インゴット、中国の千足金 |
| 990、足金 | 99.0% 以上 | 中国の金製品 |
| K22、916 | 91.6% | 香港・東南アジア |
| K18、750、Au750 | 75.0% | 宝飾品の主流 |
| K14、585 | 58.5% | 欧米のジュエリー |
| K10、417 | 41.7% | 国内の普及品 |
| Pt950、Pt900 | 95% / 90% | 国内は Pt900 が主流 |

## 日本の K18 と造幣局の検定印

日本製品は K を数字の前に付けて **K18、K14、K24** と打ちます。造幣局の品位検定を受けた製品には、日の丸をかたどった検定マークと品位の数字が打たれ、単なる K18 刻印より偽造が困難です。

## 無垢ではないことを示す刻印

**GP**（金メッキ）、**GF**（金張り）、**RGP**、**HGE**、**K18GP**、**18KGE** は表面だけが金です。**SV925** はシルバーです。

## カウンターでの手順

1. ルーペで刻印を読み、写真に残す。
2. 重さを量り、大きさと見合うか確かめる（金の比重は約 19.3）。
3. 磁石で鉄芯を除外し、蛍光 X 線（XRF）または比重計で確認する。
4. 刻印と検査結果が食い違えば検査を優先し、「刻印不一致」と記録する。`,
      },
    },
  },
  {
    slug: 'diamond-4c',
    category: 'gemstones',
    cover: '/knowledge/gemstones.svg',
    versions: {
      'zh-Hans': {
        title: '钻石 4C：克拉、颜色、净度与切工',
        summary: '回收钻石时怎样读懂证书上的 4C，哪些等级对价格影响最大，以及如何核对证书与实物。',
        tags: ['钻石', '4C', 'GIA', '证书'],
        body: `钻石的价格由 **4C** 决定：克拉（Carat）、颜色（Color）、净度（Clarity）和切工（Cut）。GIA 制定的这套分级已成为行业通用语言。

## 克拉 Carat

1 克拉 = 0.2 克。价格在 **0.5、0.7、1.0、1.5、2.0 克拉** 等整数位明显跳升：0.98 克拉与 1.01 克拉外观几乎相同，价格却可能相差两成以上。

## 颜色 Color

从 **D**（完全无色）到 **Z**（明显浅黄）。D–F 为无色，G–J 为近无色，也是回收中最常见的区间。请在白色背景、日光型光源下比色，避免暖色灯光。

## 净度 Clarity

| 等级 | 含义 |
|:--|:--|
| FL / IF | 10 倍放大下无瑕 / 无内部瑕疵 |
| VVS1–VVS2 | 极难看到 |
| VS1–VS2 | 较难看到 |
| SI1–SI2 | 10 倍下容易看到 |
| I1–I3 | 肉眼可见，可能影响耐久 |

## 切工 Cut

圆形明亮式分为 Excellent、Very Good、Good、Fair、Poor。日本的中央宝石研究所（CGL）证书常见“3EX”（切工、抛光、对称均为 Excellent）和“H&C”（八心八箭）。

## 柜台核对要点

1. 证书编号通常激光刻在腰棱上，用 10 倍放大镜核对，并在 GIA 官网查询。
2. 称重与证书克拉数一致（允许极小误差）。
3. 注意“荧光”一栏：强蓝色荧光可能让高色级钻石略显朦胧，价格打折。
4. 证书写明“Laboratory-Grown”的是培育钻石；无证书时需用专用仪器检测，不能只凭肉眼。`,
      },
      'zh-Hant': {
        title: '鑽石 4C：克拉、顏色、淨度與切工',
        summary: '回收鑽石時怎樣讀懂證書上的 4C，哪些等級對價格影響最大，以及如何核對證書與實物。',
        tags: ['鑽石', '4C', 'GIA', '證書'],
        body: `鑽石的價格由 **4C** 決定：克拉（Carat）、顏色（Color）、淨度（Clarity）和切工（Cut）。GIA 制定的這套分級已成為業界通用語言。

## 克拉 Carat

1 克拉 = 0.2 克。價格在 **0.5、0.7、1.0、1.5、2.0 克拉** 等整數位明顯跳升：0.98 克拉與 1.01 克拉外觀幾乎相同，價格卻可能相差兩成以上。

## 顏色 Color

從 **D**（完全無色）到 **Z**（明顯淺黃）。D–F 為無色，G–J 為近無色，也是回收中最常見的區間。請在白色背景、日光型光源下比色，避免暖色燈光。

## 淨度 Clarity

| 等級 | 含義 |
|:--|:--|
| FL / IF | 10 倍放大下無瑕 / 無內部瑕疵 |
| VVS1–VVS2 | 極難看到 |
| VS1–VS2 | 較難看到 |
| SI1–SI2 | 10 倍下容易看到 |
| I1–I3 | 肉眼可見，可能影響耐久 |

## 切工 Cut

圓形明亮式分為 Excellent、Very Good、Good、Fair、Poor。日本中央寶石研究所（CGL）的證書常見「3EX」（切工、拋光、對稱均為 Excellent）和「H&C」（八心八箭）。

## 櫃檯核對要點

1. 證書編號通常以雷射刻在腰稜上，用 10 倍放大鏡核對，並在 GIA 官網查詢。
2. 秤重與證書克拉數一致（允許極小誤差）。
3. 注意「螢光」一欄：強藍色螢光可能讓高色級鑽石略顯朦朧，價格打折。
4. 證書寫明「Laboratory-Grown」的是培育鑽石；無證書時需用專用儀器檢測，不能只憑肉眼。`,
      },
      en: {
        title: 'Diamond 4C: carat, colour, clarity and cut',
        summary:
          'Reading the 4C on a grading report when buying back a diamond: which grades move the price most, and how to match the report to the stone.',
        tags: ['diamond', '4C', 'GIA', 'grading report'],
        body: `A diamond's price follows its **4C**: carat, colour, clarity and cut. GIA's grading scales are the common language of the trade.

## Carat

One carat is 0.2 g. Prices jump at the "magic sizes" of **0.5, 0.7, 1.0, 1.5 and 2.0 ct**: a 0.98 ct and a 1.01 ct stone look the same, yet the second can cost 20% more.

## Colour

From **D** (colourless) to **Z** (light yellow). D–F are colourless, G–J near colourless, the range you will see most at the counter. Compare colour on a white background under daylight-balanced light, never under warm shop lamps.

## Clarity

| Grade | Meaning |
|:--|:--|
| FL / IF | Flawless / no inclusions at 10× |
| VVS1–VVS2 | Very, very hard to see at 10× |
| VS1–VS2 | Hard to see at 10× |
| SI1–SI2 | Easy to see at 10× |
| I1–I3 | Visible to the eye, may affect durability |

## Cut

Round brilliants are graded Excellent, Very Good, Good, Fair or Poor. Japanese CGL reports often say **3EX** (cut, polish and symmetry all Excellent) and **H&C** (hearts and arrows).

## Matching the report to the stone

1. The report number is usually laser-inscribed on the girdle: read it at 10× and look it up on GIA's site.
2. The weight must match the report's carat weight.
3. Check the fluorescence line: strong blue fluorescence can make a high-colour stone look hazy and lowers its price.
4. "Laboratory-grown" on a report means a lab-grown diamond. Without a report, test with a dedicated device: the eye cannot tell.`,
      },
      ja: {
        title: 'ダイヤモンドの 4C：カラット・カラー・クラリティ・カット',
        summary: '買取時に鑑定書の 4C をどう読むか。価格への影響が大きい等級と、鑑定書と現物の照合方法。',
        tags: ['ダイヤモンド', '4C', 'GIA', '鑑定書'],
        body: `ダイヤモンドの価格は **4C**（カラット、カラー、クラリティ、カット）で決まります。GIA が定めた等級が業界の共通言語です。

## カラット

1 カラットは 0.2 g。**0.5・0.7・1.0・1.5・2.0 ct** の節目で価格が跳ね上がります。0.98 ct と 1.01 ct は見た目がほぼ同じでも、2 割以上の差がつくことがあります。

## カラー

**D**（無色）から **Z**（淡い黄色）まで。D〜F が無色、G〜J がほぼ無色で、買取で最も多い範囲です。白い背景と昼光色の光で比べ、店内の暖色照明は避けます。

## クラリティ

| 等級 | 意味 |
|:--|:--|
| FL / IF | 10 倍で無傷 / 内部に内包物なし |
| VVS1〜VVS2 | 10 倍でも発見が非常に困難 |
| VS1〜VS2 | 10 倍で発見が困難 |
| SI1〜SI2 | 10 倍で容易に見える |
| I1〜I3 | 肉眼で見え、耐久性に影響することも |

## カット

ラウンドブリリアントは Excellent、Very Good、Good、Fair、Poor の 5 段階。中央宝石研究所（CGL）の鑑定書では **3EX**（カット・研磨・対称性がすべて Excellent）や **H&C**（ハート＆キューピッド）の表記をよく見かけます。

## 鑑定書と現物の照合

1. ガードルにレーザー刻印された番号を 10 倍ルーペで読み、GIA のサイトで照会する。
2. 重さが鑑定書のカラット数と一致するか確かめる。
3. 蛍光性の欄を見る。強い青色蛍光はカラーの高い石を霞ませ、減額の対象になる。
4. 「Laboratory-Grown」と書かれていれば合成（ラボグロウン）ダイヤモンド。鑑定書がなければ専用機器で検査し、目視だけで判断しない。`,
      },
    },
  },
  {
    slug: 'condition-ranks',
    category: 'practice',
    cover: '/knowledge/practice.svg',
    versions: {
      'zh-Hans': {
        title: '成色等级 N、S、SA、A、AB、B、BC、C 怎么判',
        summary: '日本与国内二手奢侈品回收店通用的八级成色标准，每一级看什么、怎么写在鉴定结果里。',
        tags: ['成色', '等级', '二手', '回收'],
        body: `二手奢侈品的成色等级源自日本的回收与拍卖行业，国内回收店也普遍沿用。本店鉴定结果中的“成色等级”（state_level）就是这八级。

| 等级 | 含义 | 典型状态 |
|:--|:--|:--|
| **N** | 全新未使用 | 吊牌、保护膜、包装齐全，从未使用 |
| **S** | 近全新 | 未使用或仅试用，店头陈列品 |
| **SA** | 极上品 | 使用次数极少，仔细看才有细微痕迹 |
| **A** | 美品 | 少许使用感：五金轻微划痕、边角无磨损 |
| **AB** | 良品 | 有使用感，但无明显缺陷 |
| **B** | 明显使用痕迹 | 边角磨损、提手变色、内衬污渍 |
| **BC** | 较多磨损 | 多处磨损、变形或异味，需保养 |
| **C** | 严重磨损或损坏 | 破损、开裂、发霉、缺件，需维修 |

## 检查顺序

1. **四角与底部**：最先磨损的地方，决定 A 与 AB 的分界。
2. **提手与肩带**：Vachetta 原色牛皮是否氧化变深、有无开裂。
3. **五金**：划痕、镀层脱落、拉链是否顺滑。
4. **内衬**：笔迹、化妆品污渍、粘腻。
5. **气味与变形**：烟味、香水味、霉味；包身是否塌陷。

## 记录原则

- 等级以**最差的一处**为准，不做平均。
- 每个扣分点都要拍照，照片与备注写明位置，例如“右下角皮面磨损 5 mm”。
- 不同店铺的尺度略有差异，向客户报价时说明本店标准，避免误会。`,
      },
      'zh-Hant': {
        title: '成色等級 N、S、SA、A、AB、B、BC、C 怎麼判',
        summary: '日本與華人二手精品回收店通用的八級成色標準，每一級看什麼、怎麼寫在鑑定結果裡。',
        tags: ['成色', '等級', '二手', '回收'],
        body: `二手精品的成色等級源自日本的回收與拍賣業界，華人地區的回收店也普遍沿用。本店鑑定結果中的「成色等級」（state_level）就是這八級。

| 等級 | 含義 | 典型狀態 |
|:--|:--|:--|
| **N** | 全新未使用 | 吊牌、保護膜、包裝齊全，從未使用 |
| **S** | 近全新 | 未使用或僅試用，店頭陳列品 |
| **SA** | 極上品 | 使用次數極少，仔細看才有細微痕跡 |
| **A** | 美品 | 少許使用感：五金輕微刮痕、邊角無磨損 |
| **AB** | 良品 | 有使用感，但無明顯缺陷 |
| **B** | 明顯使用痕跡 | 邊角磨損、提把變色、內襯污漬 |
| **BC** | 較多磨損 | 多處磨損、變形或異味，需保養 |
| **C** | 嚴重磨損或損壞 | 破損、開裂、發霉、缺件，需維修 |

## 檢查順序

1. **四角與底部**：最先磨損的地方，決定 A 與 AB 的分界。
2. **提把與肩帶**：Vachetta 原色牛皮是否氧化變深、有無開裂。
3. **五金**：刮痕、鍍層脫落、拉鍊是否順暢。
4. **內襯**：筆跡、化妝品污漬、黏膩。
5. **氣味與變形**：菸味、香水味、霉味；包身是否塌陷。

## 記錄原則

- 等級以**最差的一處**為準，不做平均。
- 每個扣分點都要拍照，照片與備註寫明位置，例如「右下角皮面磨損 5 mm」。
- 不同店家的尺度略有差異，向客戶報價時說明本店標準，避免誤會。`,
      },
      en: {
        title: 'Condition ranks N, S, SA, A, AB, B, BC and C',
        summary:
          'The eight condition ranks that Japanese and Chinese buyback shops use for pre-owned luxury goods: what each means and how to record it.',
        tags: ['condition', 'rank', 'pre-owned', 'buyback'],
        body: `The condition ranks of pre-owned luxury goods come from the Japanese buyback and auction trade and are used by Chinese shops as well. The "state level" (state_level) of our appraisal results uses exactly these eight ranks.

| Rank | Meaning | Typical state |
|:--|:--|:--|
| **N** | New | Tags, films and packaging complete, never used |
| **S** | As new | Unused or only tried on; shop display pieces |
| **SA** | Excellent | Used a handful of times; marks only on close inspection |
| **A** | Very good | Light use: fine scratches on hardware, corners unworn |
| **AB** | Good | Visible use but no real defect |
| **B** | Fair | Worn corners, darkened handles, stains in the lining |
| **BC** | Well worn | Wear in many places, loss of shape or odour; needs care |
| **C** | Damaged | Tears, cracks, mould or missing parts; needs repair |

## What to check, in order

1. **Corners and base**: they wear first and decide between A and AB.
2. **Handles and straps**: has untreated vachetta leather darkened or cracked?
3. **Hardware**: scratches, plating worn through, does the zip run smoothly?
4. **Lining**: pen marks, make-up, stickiness.
5. **Smell and shape**: smoke, perfume, mould; does the bag stand up?

## Recording the rank

- The rank follows the **worst spot**, not an average.
- Photograph every point that lowers the rank and say where it is: "bottom right corner, 5 mm of worn leather".
- Shops draw the lines slightly differently: tell the customer ours when you quote.`,
      },
      ja: {
        title: '状態ランク N・S・SA・A・AB・B・BC・C の見分け方',
        summary: 'ブランド品の買取店や業者オークションで使われる 8 段階の状態ランク。各ランクの目安と記録の仕方。',
        tags: ['状態ランク', '中古', '買取', 'コンディション'],
        body: `中古ブランド品の状態ランクは、日本の買取・業者オークションで使われてきたもので、中国の買取店でも広く使われています。当店の査定結果の「状態ランク」（state_level）もこの 8 段階です。

| ランク | 意味 | 目安 |
|:--|:--|:--|
| **N** | 新品 | タグ・保護フィルム・付属品完備、未使用 |
| **S** | 新品同様 | 未使用または試着程度、店頭展示品 |
| **SA** | 極美品 | 使用回数がごく少なく、よく見ると微細な跡がある程度 |
| **A** | 美品 | 使用感少：金具に小傷、角スレなし |
| **AB** | 良品 | 使用感はあるが目立つ欠点なし |
| **B** | 使用感あり | 角スレ、ハンドルの変色、内側のシミ |
| **BC** | 使用感が目立つ | 複数箇所のスレ、型崩れ、臭い。要メンテナンス |
| **C** | 難あり | 破れ、ひび割れ、カビ、欠品。要修理 |

## 確認の順番

1. **四隅と底**：最初に擦れる場所で、A と AB の境目を決める。
2. **ハンドルとショルダー**：ヌメ革の焼け、ひび割れ。
3. **金具**：傷、メッキ剥がれ、ファスナーの動き。
4. **内側**：ペン跡、化粧品汚れ、ベタつき。
5. **臭いと型崩れ**：タバコ・香水・カビ臭、自立するか。

## 記録のルール

- ランクは平均ではなく**最も悪い箇所**で決める。
- 減点箇所はすべて撮影し、「右下角に 5 mm の革スレ」のように位置を書く。
- 店によって基準が少しずつ違うため、お客様には当店の基準を伝えてから金額を提示する。`,
      },
    },
  },
  {
    slug: 'louis-vuitton-authentication',
    category: 'bags',
    cover: '/knowledge/bags.svg',
    versions: {
      'zh-Hans': {
        title: '路易威登：日期码、缝线与印花的真伪要点',
        summary: 'LV 日期码的格式与年代、经典老花的对称与针距、热压字体——柜台上最常用的几个检查点。',
        tags: ['路易威登', 'LV', '日期码', '辨伪'],
        body: `路易威登（Louis Vuitton）是回收量最大的品牌之一，也是仿品最多的品牌之一。下面是柜台上最有用的检查点，任何一项都不能单独定论，需要综合判断。

## 日期码（Date Code）

1980 年代起，LV 在内袋或侧边皮片上压印由**两个字母 + 四个数字**组成的日期码：

- 字母代表**产地工坊**，例如 AR、SP、VI（法国）、CA（西班牙）、FL（美国）。
- 数字交错表示年份和周数：**SP1028** = 2008 年第 12 周（第 1、3 位是周，第 2、4 位是年）。
- 2021 年 3 月起改为内置 **NFC 芯片**，新包没有日期码，不要因此判假。

日期码与款式上市年份矛盾（例如某款 2015 年才推出，日期码却是 2009 年）是强烈的疑点。

## 印花与对称

- Monogram 帆布在包身正面通常左右对称，**LV 字母不会被缝线截断在中线位置**（Speedy 等少数款式背面倒置属正常）。
- 达米埃（Damier）棋盘格应在接缝处对齐。

## 缝线

- 原色牛皮提手上的缝线为**芥末黄**，针距均匀，Speedy 30 提手连接片上通常为 5 针。
- 线头收尾整齐，没有胶水溢出。

## 热压字体

“LOUIS VUITTON PARIS made in France” 字样中，**O 接近正圆**，两个 T 靠得很近，L 的横笔较短。

## 记录建议

拍下日期码、热压字、缝线和五金的特写，填写“鉴定依据”时写明看到的具体细节。`,
      },
      'zh-Hant': {
        title: '路易威登：日期碼、縫線與印花的真偽要點',
        summary: 'LV 日期碼的格式與年代、經典老花的對稱與針距、熱壓字體——櫃檯上最常用的幾個檢查點。',
        tags: ['路易威登', 'LV', '日期碼', '辨偽'],
        body: `路易威登（Louis Vuitton）是回收量最大的品牌之一，也是仿品最多的品牌之一。下面是櫃檯上最有用的檢查點，任何一項都不能單獨定論，需要綜合判斷。

## 日期碼（Date Code）

1980 年代起，LV 在內袋或側邊皮片上壓印由**兩個字母 + 四個數字**組成的日期碼：

- 字母代表**產地工坊**，例如 AR、SP、VI（法國）、CA（西班牙）、FL（美國）。
- 數字交錯表示年份和週數：**SP1028** = 2008 年第 12 週（第 1、3 位是週，第 2、4 位是年）。
- 2021 年 3 月起改為內建 **NFC 晶片**，新包沒有日期碼，不要因此判假。

日期碼與款式上市年份矛盾（例如某款 2015 年才推出，日期碼卻是 2009 年）是強烈的疑點。

## 印花與對稱

- Monogram 帆布在包身正面通常左右對稱，**LV 字母不會被縫線截斷在中線位置**（Speedy 等少數款式背面倒置屬正常）。
- 棋盤格（Damier）應在接縫處對齊。

## 縫線

- 原色牛皮提把上的縫線為**芥末黃**，針距均勻，Speedy 30 提把連接片上通常為 5 針。
- 線頭收尾整齊，沒有膠水溢出。

## 熱壓字體

「LOUIS VUITTON PARIS made in France」字樣中，**O 接近正圓**，兩個 T 靠得很近，L 的橫筆較短。

## 記錄建議

拍下日期碼、熱壓字、縫線和五金的特寫，填寫「鑑定依據」時寫明看到的具體細節。`,
      },
      en: {
        title: 'Louis Vuitton: date codes, stitching and canvas',
        summary:
          'The format of LV date codes, the symmetry and stitch count of the monogram canvas, and the heat stamp: the checks that matter most at the counter.',
        tags: ['Louis Vuitton', 'LV', 'date code', 'authentication'],
        body: `Louis Vuitton is one of the brands we buy most, and one of the most copied. These are the most useful checks at the counter. None decides alone: weigh them together.

## Date codes

From the 1980s, LV stamped a date code of **two letters and four digits** inside a pocket or on a leather tab:

- The letters name the **workshop**: AR, SP, VI (France), CA (Spain), FL (USA) and others.
- The digits interleave week and year: **SP1028** is week 12 of 2008 (digits 1 and 3 are the week, 2 and 4 the year).
- Since March 2021 new bags carry an **NFC chip** instead: no date code is not a sign of a fake.

A date code older than the model itself (a 2009 code on a model launched in 2015) is a strong warning sign.

## Canvas and symmetry

- On most models the monogram is symmetrical on the front panel, and **no LV is cut in half by a seam on the centre line** (the upside-down back of a Speedy is normal).
- Damier squares line up across seams.

## Stitching

- Thread on vachetta handles is **mustard yellow**, evenly spaced; a Speedy 30 handle tab usually has 5 stitches across its top.
- Thread ends are neat, with no glue showing.

## Heat stamp

In "LOUIS VUITTON PARIS made in France", the **O is almost round**, the two Ts nearly touch, and the L has a short foot.

## What to record

Photograph the date code, the heat stamp, the stitching and the hardware up close, and name what you saw in the appraisal's reasoning.`,
      },
      ja: {
        title: 'ルイ・ヴィトン：シリアル（製造番号）・ステッチ・柄の見方',
        summary:
          'ヴィトンの製造番号の書式と年代、モノグラムの対称性と縫い目、ヒートスタンプ。カウンターで役立つ確認ポイント。',
        tags: ['ルイ・ヴィトン', 'LV', 'シリアル', '真贋'],
        body: `ルイ・ヴィトンは買取数が最も多いブランドの一つで、偽物も最も多いブランドの一つです。以下はカウンターで役立つ確認ポイントです。一つだけで判断せず、総合的に見ます。

## 製造番号（デートコード）

1980 年代から、内ポケットや革タブに **アルファベット 2 文字＋数字 4 桁** の製造番号が刻印されています。

- 文字は**製造工房**を表します。AR・SP・VI（フランス）、CA（スペイン）、FL（アメリカ）など。
- 数字は週と年が交互に並びます。**SP1028** は 2008 年の第 12 週（1・3 桁目が週、2・4 桁目が年）。
- 2021 年 3 月以降の製品は **IC チップ（NFC）** 内蔵で製造番号がありません。番号がないことだけで偽物と判断しないでください。

モデルの発売年より古い番号（2015 年発売のモデルに 2009 年の番号など）は強い疑義点です。

## 柄と対称性

- 多くのモデルで前面のモノグラムは左右対称で、**中心線の縫い目で LV が切れることはありません**（スピーディの背面が逆さ柄なのは正常）。
- ダミエは縫い目をまたいで柄がそろいます。

## ステッチ

- ヌメ革ハンドルの糸は**からし色**で、間隔が均一。スピーディ 30 のハンドル付け根のタブは上辺が通常 5 目。
- 糸の始末がきれいで、接着剤のはみ出しがない。

## ヒートスタンプ

「LOUIS VUITTON PARIS made in France」の **O はほぼ正円**、二つの T は接するほど近く、L の横棒は短め。

## 記録

製造番号、ヒートスタンプ、ステッチ、金具を接写し、査定の根拠に見たことを具体的に書きます。`,
      },
    },
  },
  {
    slug: 'hermes-authentication',
    category: 'bags',
    cover: '/knowledge/bags.svg',
    versions: {
      'zh-Hans': {
        title: '爱马仕：盲印、马鞍缝与五金的辨别',
        summary: '爱马仕的年份盲印与工匠编号、手工马鞍缝的斜度、锁头与钥匙的配对：鉴定 Birkin 与 Kelly 时的基本功。',
        tags: ['爱马仕', 'Hermès', '盲印', '辨伪'],
        body: `爱马仕（Hermès）的 Birkin、Kelly 单价高，仿品做工也越来越精细。以下检查点需结合皮料手感与整体工艺综合判断，有疑问时交由第二位鉴定师复核。

## 盲印（Blind Stamp）

- 位于包内侧或扣带背面，由**年份字母**与**工匠编号**组成，印在皮面上不着色，故称“盲印”。
- 年份字母按周期变化：1997 年起为方框中的字母（A = 1997），2015 年起无框，例如 **T = 2015、X = 2016、Y = 2020、B = 2023**。
- 盲印应清晰、压得均匀，不是烫上去的发亮印记。字母年份要与皮料、五金款式的年代相符。

## 马鞍缝（Saddle Stitch）

- 爱马仕用两根针手工交叉缝制，**每一针略微倾斜**，整排针脚斜度一致。
- 机缝线迹平直、完全一样，是最常见的破绽。
- 线经过上蜡，光泽柔和；收尾处用线头回缝，不靠打结或烫化。

## 品牌烫印

“HERMÈS PARIS MADE IN FRANCE” 字体细而清楚，**È 上的重音符号**不能缺；字母间距均匀，不会糊在一起。

## 五金

- 锁头底部刻 HERMÈS 字样，锁与钥匙背面刻有**相同编号**。
- 钯金、金色五金镀层均匀，螺丝为一字螺丝。

## 记录建议

拍下盲印、马鞍缝特写、烫印与锁钥编号；在备注中写明年份字母，并与客户提供的购买凭证核对。`,
      },
      'zh-Hant': {
        title: '愛馬仕：盲印、馬鞍縫與五金的辨別',
        summary: '愛馬仕的年份盲印與工匠編號、手工馬鞍縫的斜度、鎖頭與鑰匙的配對：鑑定 Birkin 與 Kelly 時的基本功。',
        tags: ['愛馬仕', 'Hermès', '盲印', '辨偽'],
        body: `愛馬仕（Hermès）的 Birkin、Kelly 單價高，仿品做工也越來越精細。以下檢查點需結合皮料手感與整體工藝綜合判斷，有疑問時交由第二位鑑定師複核。

## 盲印（Blind Stamp）

- 位於包內側或扣帶背面，由**年份字母**與**工匠編號**組成，壓在皮面上不著色，故稱「盲印」。
- 年份字母依週期變化：1997 年起為方框中的字母（A = 1997），2015 年起無框，例如 **T = 2015、X = 2016、Y = 2020、B = 2023**。
- 盲印應清晰、壓得均勻，不是燙上去的發亮印記。字母年份要與皮料、五金款式的年代相符。

## 馬鞍縫（Saddle Stitch）

- 愛馬仕用兩根針手工交叉縫製，**每一針略微傾斜**，整排針腳斜度一致。
- 機縫線跡平直、完全一樣，是最常見的破綻。
- 線經過上蠟，光澤柔和；收尾處以回縫處理，不靠打結或燙化。

## 品牌燙印

「HERMÈS PARIS MADE IN FRANCE」字體細而清楚，**È 上的重音符號**不能缺；字母間距均勻，不會糊在一起。

## 五金

- 鎖頭底部刻 HERMÈS 字樣，鎖與鑰匙背面刻有**相同編號**。
- 鈀金、金色五金鍍層均勻，螺絲為一字螺絲。

## 記錄建議

拍下盲印、馬鞍縫特寫、燙印與鎖鑰編號；在備註中寫明年份字母，並與客戶提供的購買憑證核對。`,
      },
      en: {
        title: 'Hermès: blind stamps, saddle stitching and hardware',
        summary:
          "The year letter and craftsman's mark of the blind stamp, the slant of hand saddle stitching, and matching lock and key numbers: the basics for a Birkin or Kelly.",
        tags: ['Hermès', 'blind stamp', 'Birkin', 'authentication'],
        body: `Hermès Birkins and Kellys are expensive, and copies keep getting better. Weigh these checks together with the feel of the leather and the workmanship as a whole, and hand any doubt to a second valuer.

## Blind stamp

- Inside the bag or behind the strap, pressed into the leather without colour (hence "blind"): a **year letter** and the **craftsman's mark**.
- Year letters run in cycles: letters in a square from 1997 (A = 1997), without a frame from 2015, for example **T = 2015, X = 2016, Y = 2020, B = 2023**.
- The stamp is crisp and evenly pressed, not shiny or burnt in, and its year fits the leather and hardware of that period.

## Saddle stitching

- Hermès sews by hand with two needles crossing in each hole, so **every stitch slants slightly**, all at the same angle.
- Perfectly straight, identical machine stitches are the most common giveaway.
- The thread is waxed with a soft sheen; ends are back-stitched, never knotted or melted.

## Heat stamp

"HERMÈS PARIS MADE IN FRANCE" is fine and crisp, the **accent on the È** is there, and the letters are evenly spaced, never blurred together.

## Hardware

- The lock is stamped HERMÈS underneath, and the lock and its keys carry the **same number**.
- Palladium or gold plating is even; screws are flat-head.

## What to record

Photograph the blind stamp, the stitching, the heat stamp and the lock and key numbers; note the year letter and compare it with any receipt the customer brings.`,
      },
      ja: {
        title: 'エルメス：刻印・サドルステッチ・金具の見方',
        summary:
          '製造年を示す刻印と職人番号、手縫いサドルステッチの傾き、カデナと鍵の番号の一致。バーキン・ケリー査定の基本。',
        tags: ['エルメス', 'Hermès', '刻印', '真贋'],
        body: `エルメスのバーキンやケリーは高額で、偽物の作りも年々精巧になっています。以下のポイントは革の質感や全体の仕立てとあわせて総合的に判断し、迷ったら二人目の鑑定士に確認してもらいます。

## 刻印（ブラインドスタンプ）

- バッグの内側やベルトの裏に、色を付けずに押された**製造年の刻印**と**職人番号**があります。
- 刻印は周期的に変わります。1997 年からは四角囲み（□A = 1997）、2015 年からは囲みなしで、**T = 2015、X = 2016、Y = 2020、B = 2023** など。
- 刻印はくっきりと均一に押され、焼き付けたような光沢はありません。年の刻印が革や金具の仕様の年代と合っているか確認します。

## サドルステッチ

- 2 本の針で一穴ずつ交差させて手縫いするため、**一目ごとにわずかに傾き**、その角度がそろっています。
- まっすぐで完全に同じ形のミシン目は、最もよくある偽物の特徴です。
- 糸は蝋引きで柔らかな光沢があり、縫い終わりは返し縫いで、結び目や焼き止めはありません。

## ロゴの刻印

「HERMÈS PARIS MADE IN FRANCE」は細くシャープで、**È のアクセント**が必ずあり、文字間隔が均一でにじみがありません。

## 金具

- カデナの底に HERMÈS の刻印があり、カデナと鍵の**番号が一致**します。
- パラジウムやゴールドのメッキは均一で、ネジはマイナスネジです。

## 記録

刻印、ステッチ、ロゴ、カデナと鍵の番号を撮影し、備考に製造年の刻印を書き、お客様の購入証明と照合します。`,
      },
    },
  },
  {
    slug: 'rolex-references-serials',
    category: 'watches',
    cover: '/knowledge/watches.svg',
    versions: {
      'zh-Hans': {
        title: '劳力士：型号与序列号怎么查',
        summary: '劳力士的型号（Reference）与序列号刻在哪里、如何推算年份，以及型号与表盘、表圈不符时意味着什么。',
        tags: ['劳力士', 'Rolex', '型号', '序列号'],
        body: `劳力士（Rolex）回收价格高、流通快，型号与序列号是鉴定和报价的起点。

## 刻在哪里

- **型号（Reference）**：传统上刻在表壳 12 点位置的两个表耳之间，需要拆下表带才能看到；近年的型号也会出现在保卡上。
- **序列号（Serial）**：旧款刻在 6 点位置表耳之间；约 2005 年起改刻在表盘外圈的内斜面（Rehaut）6 点位置，2008 年后新表只刻在内圈。

## 读懂型号

现代型号多为 5 至 6 位数字，例如 **126610LN**：

- 前几位代表**系列**：1266xx 为 Submariner（潜航者），1265xx 为 Daytona（迪通拿），1263xx 为 Datejust 41。
- 倒数第 1 位常表示**材质**：0 不锈钢，1 钢与永恒玫瑰金，3 钢与黄金，8 黄金，9 白金。
- 后缀字母表示**表圈颜色或材质**：LN 黑色陶瓷、LV 绿色、BLRO 蓝红“百事圈”。

## 序列号与年代

- 1987 年至 2010 年间使用字母开头的序列号，例如 R（约 1987）、L（约 1989）、E（约 1990）、X、N、C、S、W、T、U、A、P、K、Y、F、D、Z、M、V、G（约 2010）。
- 2010 年起改为 **8 位随机字母数字**，不能直接推算年份，应以保卡日期为准。

## 疑点

- 型号与表盘文字、表圈、表带编号不匹配：可能是拼装表或改装表。
- 序列号刻字浅、边缘毛糙，或内圈刻字与“ROLEX ROLEX”重复字样不对齐。
- 保卡上的序列号与表壳不符。

报价前务必核对型号、序列号、保卡与附件，并在记录中拍照留存。`,
      },
      'zh-Hant': {
        title: '勞力士：型號與序號怎麼查',
        summary: '勞力士的型號（Reference）與序號刻在哪裡、如何推算年份，以及型號與錶盤、錶圈不符時意味著什麼。',
        tags: ['勞力士', 'Rolex', '型號', '序號'],
        body: `勞力士（Rolex）回收價格高、流通快，型號與序號是鑑定和報價的起點。

## 刻在哪裡

- **型號（Reference）**：傳統上刻在錶殼 12 點位置的兩個錶耳之間，需要拆下錶帶才能看到；近年的型號也會出現在保卡上。
- **序號（Serial）**：舊款刻在 6 點位置錶耳之間；約 2005 年起改刻在錶盤外圈的內斜面（Rehaut）6 點位置，2008 年後新錶只刻在內圈。

## 讀懂型號

現代型號多為 5 至 6 位數字，例如 **126610LN**：

- 前幾位代表**系列**：1266xx 為 Submariner（潛航者），1265xx 為 Daytona（迪通拿），1263xx 為 Datejust 41。
- 倒數第 1 位常表示**材質**：0 不鏽鋼，1 鋼與永恆玫瑰金，3 鋼與黃金，8 黃金，9 白金。
- 後綴字母表示**錶圈顏色或材質**：LN 黑色陶瓷、LV 綠色、BLRO 藍紅「百事圈」。

## 序號與年代

- 1987 年至 2010 年間使用字母開頭的序號，例如 R（約 1987）、L（約 1989）、E（約 1990）、X、N、C、S、W、T、U、A、P、K、Y、F、D、Z、M、V、G（約 2010）。
- 2010 年起改為 **8 位隨機英數字**，不能直接推算年份，應以保卡日期為準。

## 疑點

- 型號與錶盤文字、錶圈、錶帶編號不匹配：可能是拼裝錶或改裝錶。
- 序號刻字淺、邊緣粗糙，或內圈刻字與「ROLEX ROLEX」重複字樣不對齊。
- 保卡上的序號與錶殼不符。

報價前務必核對型號、序號、保卡與附件，並在記錄中拍照留存。`,
      },
      en: {
        title: 'Rolex: reference numbers and serials',
        summary:
          "Where a Rolex's reference and serial are engraved, what the reference says, dating by serial, and what a mismatch between reference, dial and bezel means.",
        tags: ['Rolex', 'reference', 'serial number', 'watch'],
        body: `Rolex watches sell back at high prices and move fast. The reference and the serial are where every appraisal and quote begins.

## Where they are

- **Reference**: traditionally engraved between the lugs at 12 o'clock, visible with the bracelet removed; on recent watches it is also on the warranty card.
- **Serial**: between the lugs at 6 o'clock on older watches; from about 2005 on the inner bezel ring (rehaut) at 6 o'clock, and only there on watches made after 2008.

## Reading a reference

Modern references have five or six digits, for example **126610LN**:

- The first digits name the **family**: 1266xx is a Submariner, 1265xx a Daytona, 1263xx a Datejust 41.
- The last digit usually gives the **metal**: 0 steel, 1 steel and Everose gold, 3 steel and yellow gold, 8 yellow gold, 9 white gold.
- Letter suffixes describe the **bezel**: LN black ceramic, LV green, BLRO the blue-and-red "Pepsi".

## Serials and dates

- From 1987 to 2010 serials began with a letter: R (about 1987), L (1989), E (1990), then X, N, C, S, W, T, U, A, P, K, Y, F, D, Z, M, V and G (about 2010).
- Since 2010 serials are **eight random characters** and do not date the watch: use the warranty card's date.

## Warning signs

- The reference does not match the dial text, the bezel or the bracelet's clasp code: a watch assembled from parts, or modified.
- Shallow or rough serial engraving, or a rehaut whose "ROLEX ROLEX" engraving is not aligned with the serial.
- A card whose serial differs from the case.

Before quoting, check reference, serial, card and accessories against each other, and photograph each.`,
      },
      ja: {
        title: 'ロレックス：型番とシリアルの調べ方',
        summary:
          'ロレックスの型番（Ref.）とシリアルの刻印位置、型番の読み方、シリアルによる年代判定、型番と文字盤・ベゼルの不一致が意味すること。',
        tags: ['ロレックス', 'Rolex', '型番', 'シリアル'],
        body: `ロレックスは買取価格が高く、流通も速い時計です。型番とシリアルの確認が、査定と見積もりの出発点になります。

## 刻印の位置

- **型番（Ref.）**：従来は 12 時側のラグの間に刻印され、ブレスレットを外すと見えます。近年のモデルは保証書にも記載されています。
- **シリアル**：旧モデルは 6 時側のラグの間。2005 年頃からは文字盤外周の内側斜面（ルーレット）の 6 時位置にも入り、2008 年以降の製品はルーレットのみです。

## 型番の読み方

現行の型番は 5〜6 桁で、例えば **126610LN**。

- 先頭の数字が**シリーズ**：1266xx はサブマリーナー、1265xx はデイトナ、1263xx はデイトジャスト 41。
- 末尾の数字が**素材**：0 ステンレス、1 ステンレスとエバーローズゴールド、3 ステンレスとイエローゴールド、8 イエローゴールド、9 ホワイトゴールド。
- 末尾のアルファベットは**ベゼル**：LN 黒セラミック、LV 緑、BLRO 青赤の「ペプシ」。

## シリアルと製造年

- 1987〜2010 年はアルファベットで始まるシリアル：R（1987 年頃）、L（1989 年頃）、E（1990 年頃）、以降 X、N、C、S、W、T、U、A、P、K、Y、F、D、Z、M、V、G（2010 年頃）。
- 2010 年以降は **8 桁のランダム英数字**で年代は分かりません。保証書の日付で判断します。

## 疑義点

- 型番と文字盤の表記、ベゼル、ブレスレットのクラスプ番号が合わない：部品の寄せ集めや改造の可能性。
- シリアルの刻印が浅い・縁が荒い、ルーレットの「ROLEX ROLEX」とシリアルの位置がずれている。
- 保証書のシリアルがケースと異なる。

見積もりの前に、型番・シリアル・保証書・付属品を突き合わせ、それぞれ撮影して記録します。`,
      },
    },
  },
  {
    slug: 'pearls-akoya-south-sea-freshwater',
    category: 'gemstones',
    cover: '/knowledge/pearls.svg',
    versions: {
      'zh-Hans': {
        title: '珍珠：Akoya、南洋珠与淡水珠的区别',
        summary: '三大养殖珍珠的尺寸、光泽、珠核与价格差异，以及辨别仿珍珠的简单方法。',
        tags: ['珍珠', 'Akoya', '南洋珠', '淡水珠'],
        body: `回收珍珠首饰时，先判断是哪一类养殖珍珠，再看光泽、瑕疵、形状与尺寸。

## 三大类型

| 类型 | 产地 | 常见尺寸 | 特点 |
|:--|:--|:--|:--|
| **Akoya 海水珠** | 日本、中国 | 6–9 mm | 圆、光泽锐利如镜，白色带粉或银色伴色 |
| **南洋珠** | 澳大利亚、印尼、菲律宾 | 9–16 mm | 珠层厚，光泽柔和如缎，白色或金色 |
| **大溪地黑珍珠** | 法属波利尼西亚 | 8–14 mm | 黑、灰、孔雀绿等天然深色 |
| **淡水珠** | 中国 | 2–12 mm | 多为无核、形状多样，价格最低 |

## 如何区分

- **光泽**：Akoya 的反光边缘清晰；淡水珠光泽较柔，近年优质淡水珠已接近 Akoya，需结合其他特征。
- **钻孔处**：用放大镜看孔口，有核珍珠可以看到珠核与珠层的分界线；淡水珠多为整体珍珠层。
- **尺寸**：超过 10 mm 的正圆白珠，多为南洋珠或高品质淡水珠。

## 仿珍珠的辨别

- **牙齿轻擦**：真珍珠有细微沙粒感，仿珍珠（玻璃、贝壳粉）光滑。检测后请清洁并告知客户。
- **温度与重量**：真珍珠入手微凉；玻璃仿珠偏重，塑料仿珠过轻。
- **孔口**：仿珍珠涂层在孔口容易剥落，露出玻璃或塑料。

## 估价要点

珍珠项链需逐颗检查：光泽、瑕疵、配对一致性都会影响价格；穿线老化要注明，金属扣头单独记录成色印记。`,
      },
      'zh-Hant': {
        title: '珍珠：Akoya、南洋珠與淡水珠的區別',
        summary: '三大養殖珍珠的尺寸、光澤、珠核與價格差異，以及辨別仿珍珠的簡單方法。',
        tags: ['珍珠', 'Akoya', '南洋珠', '淡水珠'],
        body: `回收珍珠首飾時，先判斷是哪一類養殖珍珠，再看光澤、瑕疵、形狀與尺寸。

## 三大類型

| 類型 | 產地 | 常見尺寸 | 特點 |
|:--|:--|:--|:--|
| **Akoya 海水珠** | 日本、中國 | 6–9 mm | 圓、光澤銳利如鏡，白色帶粉或銀色伴色 |
| **南洋珠** | 澳洲、印尼、菲律賓 | 9–16 mm | 珠層厚，光澤柔和如緞，白色或金色 |
| **大溪地黑珍珠** | 法屬玻里尼西亞 | 8–14 mm | 黑、灰、孔雀綠等天然深色 |
| **淡水珠** | 中國 | 2–12 mm | 多為無核、形狀多樣，價格最低 |

## 如何區分

- **光澤**：Akoya 的反光邊緣清晰；淡水珠光澤較柔，近年優質淡水珠已接近 Akoya，需結合其他特徵。
- **鑽孔處**：用放大鏡看孔口，有核珍珠可看到珠核與珠層的分界線；淡水珠多為整體珍珠層。
- **尺寸**：超過 10 mm 的正圓白珠，多為南洋珠或高品質淡水珠。

## 仿珍珠的辨別

- **牙齒輕擦**：真珍珠有細微沙粒感，仿珍珠（玻璃、貝殼粉）光滑。檢測後請清潔並告知客戶。
- **溫度與重量**：真珍珠入手微涼；玻璃仿珠偏重，塑膠仿珠過輕。
- **孔口**：仿珍珠塗層在孔口容易剝落，露出玻璃或塑膠。

## 估價要點

珍珠項鍊需逐顆檢查：光澤、瑕疵、配對一致性都會影響價格；穿線老化要註明，金屬扣頭單獨記錄成色印記。`,
      },
      en: {
        title: 'Pearls: akoya, South Sea and freshwater',
        summary:
          'How the three main cultured pearls differ in size, lustre, nucleus and price, and simple ways to spot an imitation.',
        tags: ['pearl', 'akoya', 'South Sea', 'freshwater'],
        body: `With pearl jewellery, first decide which kind of cultured pearl it is, then judge lustre, blemishes, shape and size.

## The main kinds

| Kind | Where from | Usual size | What it looks like |
|:--|:--|:--|:--|
| **Akoya** | Japan, China | 6–9 mm | Round, sharp mirror-like lustre, white with pink or silver overtone |
| **South Sea** | Australia, Indonesia, Philippines | 9–16 mm | Thick nacre, soft satin lustre, white or golden |
| **Tahitian** | French Polynesia | 8–14 mm | Naturally dark: black, grey, peacock green |
| **Freshwater** | China | 2–12 mm | Mostly without a bead nucleus, many shapes, the least expensive |

## Telling them apart

- **Lustre**: reflections on an akoya have crisp edges; freshwater lustre is softer, though the best modern freshwater pearls come close, so use the other signs too.
- **Drill hole**: with a loupe, a bead-nucleated pearl shows the line between bead and nacre; a freshwater pearl is usually nacre all the way through.
- **Size**: round white pearls over 10 mm are South Sea or fine freshwater.

## Spotting imitations

- **Tooth test**: rubbed gently against a tooth, a real pearl feels slightly gritty; glass or shell-powder imitations feel smooth. Clean the pearl afterwards and tell the customer.
- **Temperature and weight**: real pearls feel cool; glass imitations are heavy, plastic ones too light.
- **Drill hole**: an imitation's coating often flakes at the hole, showing glass or plastic.

## Pricing

Check a strand pearl by pearl: lustre, blemishes and how well they match all count. Note worn silk, and record the clasp's purity mark separately.`,
      },
      ja: {
        title: '真珠：アコヤ・南洋・淡水の違い',
        summary: '主な養殖真珠の大きさ、テリ、核、価格の違いと、イミテーションを見分ける簡単な方法。',
        tags: ['真珠', 'アコヤ', '南洋', '淡水'],
        body: `真珠製品の査定では、まずどの養殖真珠かを見極め、次にテリ、キズ、形、大きさを見ます。

## 主な種類

| 種類 | 産地 | 主なサイズ | 特徴 |
|:--|:--|:--|:--|
| **アコヤ真珠** | 日本、中国 | 6〜9 mm | 真円に近く、鏡のような鋭いテリ。白にピンクやシルバーの干渉色 |
| **南洋真珠** | オーストラリア、インドネシア、フィリピン | 9〜16 mm | 巻きが厚く、サテンのような柔らかなテリ。白またはゴールド |
| **黒蝶真珠** | 仏領ポリネシア（タヒチ） | 8〜14 mm | 黒、グレー、ピーコックグリーンなど天然の濃色 |
| **淡水真珠** | 中国 | 2〜12 mm | 多くは無核で形はさまざま。最も安価 |

## 見分け方

- **テリ**：アコヤは映り込みの輪郭がくっきり。淡水は柔らかいテリですが、近年の上質な淡水真珠はアコヤに近いため、他の特徴とあわせて判断します。
- **穴の断面**：ルーペで穴をのぞくと、有核真珠は核と真珠層の境目が見えます。淡水真珠はほぼ全体が真珠層です。
- **大きさ**：10 mm を超える真円の白珠は、南洋真珠か上質な淡水真珠です。

## イミテーションの見分け方

- **歯で軽くこする**：本物はわずかにザラつき、ガラスや貝パールは滑らか。確認後は拭き取り、お客様に一言伝えます。
- **温度と重さ**：本物はひんやり。ガラス製は重く、樹脂製は軽すぎます。
- **穴の周り**：イミテーションはコーティングが穴の周りで剥げ、ガラスや樹脂が見えます。

## 査定のポイント

ネックレスは一珠ずつ確認します。テリ、キズ、連のそろいが価格を左右します。糸の劣化は備考に書き、留め具の品位刻印は別に記録します。`,
      },
    },
  },
  {
    slug: 'jadeite-treatment-abc',
    category: 'gemstones',
    cover: '/knowledge/jade.svg',
    versions: {
      'zh-Hans': {
        title: '翡翠 A 货、B 货、C 货的区别',
        summary: '天然翡翠与酸洗充胶、染色处理翡翠的区别，柜台上的初步观察方法，以及为什么一定要看证书。',
        tags: ['翡翠', 'A货', 'B货', '优化处理'],
        body: `翡翠的价格差异极大，而“处理”会让一件高价翡翠几乎失去回收价值。行业用 A、B、C 货来称呼不同处理方式。

## 三种“货”

- **A 货**：天然翡翠，只经过切磨、抛光和传统的浸蜡，结构未被破坏。这是唯一有长期保值性的类别。
- **B 货**：用强酸浸洗去除杂质和黄褐色，再**注入树脂（充胶）**固结。外观变得干净通透，但结构已被破坏，数年后可能发黄、开裂。
- **C 货**：**人工染色**，让白色或浅色翡翠显出绿色或紫色。颜色常沿裂隙呈丝网状分布。
- **B+C 货**：既酸洗充胶又染色，市场上很常见。

## 柜台初步观察

1. **光泽**：A 货抛光面为玻璃光泽；B 货常显树脂光泽，略显“蜡感”。
2. **表面**：在反射光下观察，B 货表面可见酸蚀形成的**网状纹（橘皮纹加深）**。
3. **颜色分布**：A 货的绿色有“色根”，自然过渡；C 货的颜色浮在裂隙中，像被“画”上去的。
4. **敲击声**：两件手镯轻碰，A 货声音清脆，B 货声音沉闷。此法有损坏风险，仅供参考，不建议操作。
5. **查尔斯滤色镜**：部分染色绿色在滤色镜下呈红色，但并非所有染料都会反应。

## 结论以检测为准

初步观察只能发现疑点。中高价翡翠必须有国家级检测机构（如 NGTC）出具、写明“翡翠（天然）”或“翡翠（处理）”的证书，证书编号需在官网核实。无证书的货品，报价时应注明“未经检测”。`,
      },
      'zh-Hant': {
        title: '翡翠 A 貨、B 貨、C 貨的區別',
        summary: '天然翡翠與酸洗灌膠、染色處理翡翠的區別，櫃檯上的初步觀察方法，以及為什麼一定要看證書。',
        tags: ['翡翠', 'A貨', 'B貨', '優化處理'],
        body: `翡翠的價格差異極大，而「處理」會讓一件高價翡翠幾乎失去回收價值。業界用 A、B、C 貨來稱呼不同處理方式。

## 三種「貨」

- **A 貨**：天然翡翠，只經過切磨、拋光和傳統的浸蠟，結構未被破壞。這是唯一有長期保值性的類別。
- **B 貨**：用強酸浸洗去除雜質和黃褐色，再**灌入樹脂（充膠）**固結。外觀變得乾淨通透，但結構已被破壞，數年後可能發黃、開裂。
- **C 貨**：**人工染色**，讓白色或淺色翡翠顯出綠色或紫色。顏色常沿裂隙呈絲網狀分布。
- **B+C 貨**：既酸洗灌膠又染色，市場上很常見。

## 櫃檯初步觀察

1. **光澤**：A 貨拋光面為玻璃光澤；B 貨常顯樹脂光澤，略顯「蠟感」。
2. **表面**：在反射光下觀察，B 貨表面可見酸蝕形成的**網狀紋（橘皮紋加深）**。
3. **顏色分布**：A 貨的綠色有「色根」，自然過渡；C 貨的顏色浮在裂隙中，像被「畫」上去的。
4. **敲擊聲**：兩件手鐲輕碰，A 貨聲音清脆，B 貨聲音沉悶。此法有損壞風險，僅供參考，不建議操作。
5. **查爾斯濾色鏡**：部分染色綠色在濾色鏡下呈紅色，但並非所有染料都會反應。

## 結論以檢測為準

初步觀察只能發現疑點。中高價翡翠必須有權威檢測機構出具、寫明「翡翠（天然）」或「翡翠（處理）」的證書，證書編號需在官網核實。無證書的貨品，報價時應註明「未經檢測」。`,
      },
      en: {
        title: 'Jadeite: A, B and C jade',
        summary:
          'Natural jadeite versus acid-bleached, polymer-filled and dyed jade, what you can see at the counter, and why the lab report decides.',
        tags: ['jadeite', 'jade', 'treatment', 'A jade'],
        body: `Jadeite prices vary enormously, and treatment can take almost all of the buyback value out of an expensive piece. The trade names the treatments A, B and C.

## The three types

- **Type A**: natural jadeite, only cut, polished and traditionally waxed; its structure is intact. The only kind that holds its value.
- **Type B**: bleached in strong acid to remove brown and yellow stains, then **impregnated with polymer resin**. It looks cleaner and more translucent, but the structure is damaged and it may yellow and crack within years.
- **Type C**: **dyed** to give pale jade a green or lavender colour, which often follows the cracks in a web.
- **Type B+C**: bleached, filled and dyed; common in the market.

## First look at the counter

1. **Lustre**: polished type A has a glassy lustre; type B is often resinous, slightly waxy.
2. **Surface**: in reflected light, type B shows a **net of acid-etched channels** in the surface.
3. **Colour**: natural green has "roots" and fades naturally; dyed colour sits in the cracks as if painted on.
4. **Sound**: two bangles tapped together ring clear if type A, dull if type B. It risks damage: know it, do not do it.
5. **Chelsea filter**: some dyed greens turn red under it, but not every dye reacts.

## The lab decides

A first look only finds doubts. Anything of value needs a report from a recognised laboratory (for example NGTC) stating "jadeite (natural)" or "jadeite (treated)", with the number checked on the lab's site. Quote untested pieces as "not tested".`,
      },
      ja: {
        title: '翡翠の A・B・C（天然・樹脂含浸・染色）',
        summary:
          '天然の翡翠と、酸洗い・樹脂含浸・染色された翡翠の違い、カウンターでの観察のしかた、鑑別書が欠かせない理由。',
        tags: ['翡翠', 'ヒスイ', '処理', '鑑別'],
        body: `翡翠は価格の幅が非常に大きく、処理の有無で高額品の買取価値がほとんどなくなることもあります。業界では処理の種類を A・B・C で呼びます。

## 3 つの種類

- **A（Aジェード）**：天然の翡翠。研磨と伝統的なワックス仕上げのみで、組織は損なわれていません。長く価値を保つのはこれだけです。
- **B**：強い酸で褐色や黄色のシミを抜き、**樹脂を含浸**させて固めたもの。きれいで透明感が増しますが、組織は壊れており、数年で黄ばみやひびが出ることがあります。
- **C**：白や淡色の翡翠を緑や紫に**染色**したもの。色が割れ目に沿って網目状に入ります。
- **B+C**：酸処理・含浸・染色のすべてを施したもので、市場でよく見かけます。

## カウンターでの観察

1. **光沢**：A はガラス光沢、B は樹脂光沢でややロウのような質感。
2. **表面**：反射光で見ると、B は酸で溶かされた**網目状の溝**が表面に見えます。
3. **色の入り方**：天然の緑には「色根」があり自然にぼけますが、染色は割れ目の中に描いたように浮いています。
4. **音**：バングル同士を軽く当てると A は澄んだ音、B は鈍い音。破損の危険があるため知識として知っておき、実施はしません。
5. **チェルシーフィルター**：一部の染色された緑は赤く見えますが、反応しない染料もあります。

## 結論は鑑別で

観察で分かるのは疑いまでです。価値のある品には、公的な鑑別機関による「翡翠（天然）」か「翡翠（処理）」を明記した鑑別書が必要で、番号を機関のサイトで照会します。鑑別書のない品は「未鑑別」として見積もります。`,
      },
    },
  },
  {
    slug: 'photographing-for-appraisal',
    category: 'practice',
    cover: '/knowledge/camera.svg',
    versions: {
      'zh-Hans': {
        title: '如何为鉴定拍摄物品',
        summary: '鉴定师只能看到你拍的照片：背景、光线、必拍角度和细节特写，一次拍对，减少退回补拍。',
        tags: ['拍照', '登记', '鉴定', '实务'],
        body: `远程鉴定时，鉴定师看到的只有照片。照片不清楚，商品就会被“退回修改”，客户要多等一轮。按下面的方法一次拍好。

![拍摄角度示意：正面、背面、侧面、底部、内部、细节](/knowledge/photo-angles.svg)

## 准备

- **背景**：纯白或浅灰的无纹理背景，不要放在玻璃柜台或花纹布上。
- **光线**：靠窗的柔和自然光或两侧补光灯；关闭闪光灯，避免金属和宝石反光过曝。
- **清洁**：先用软布擦去指纹和灰尘。

## 必拍角度

1. 正面、背面、左右侧面、底部、内部（包袋）。
2. **尺寸照**：旁边放尺子，尺子与物品在同一平面。
3. **称重照**：电子秤读数清晰可见，单位正确。

## 必拍细节

- **首饰**：成色印记、品牌刻字、宝石镶嵌、扣头。
- **包袋**：日期码或盲印、烫印、缝线、五金、四角磨损。
- **腕表**：表盘、表背、型号与序列号、表扣刻字、保卡。

## 技巧

- 细节用手机的微距模式，或离远一点再放大，避免对焦失败。
- 每张照片只拍一个重点，画面填满三分之二。
- 有瑕疵的地方单独拍，并在备注里写明位置。
- 拍完放大检查：印记能看清再上传。

照片会在上传前自动压缩，但请保持原图清晰；上传失败的照片会显示重试标记，点一下即可重新上传。`,
      },
      'zh-Hant': {
        title: '如何為鑑定拍攝物品',
        summary: '鑑定師只能看到你拍的照片：背景、光線、必拍角度和細節特寫，一次拍對，減少退回補拍。',
        tags: ['拍照', '登記', '鑑定', '實務'],
        body: `遠端鑑定時，鑑定師看到的只有照片。照片不清楚，商品就會被「退回修改」，客戶要多等一輪。按下面的方法一次拍好。

![拍攝角度示意：正面、背面、側面、底部、內部、細節](/knowledge/photo-angles.svg)

## 準備

- **背景**：純白或淺灰的無紋理背景，不要放在玻璃櫃檯或花紋布上。
- **光線**：靠窗的柔和自然光或兩側補光燈；關閉閃光燈，避免金屬和寶石反光過曝。
- **清潔**：先用軟布擦去指紋和灰塵。

## 必拍角度

1. 正面、背面、左右側面、底部、內部（包款）。
2. **尺寸照**：旁邊放尺，尺與物品在同一平面。
3. **秤重照**：電子秤讀數清晰可見，單位正確。

## 必拍細節

- **首飾**：成色印記、品牌刻字、寶石鑲嵌、扣頭。
- **包款**：日期碼或盲印、燙印、縫線、五金、四角磨損。
- **腕錶**：錶盤、錶背、型號與序號、錶扣刻字、保卡。

## 技巧

- 細節用手機的微距模式，或離遠一點再放大，避免對焦失敗。
- 每張照片只拍一個重點，畫面填滿三分之二。
- 有瑕疵的地方單獨拍，並在備註裡寫明位置。
- 拍完放大檢查：印記能看清再上傳。

照片會在上傳前自動壓縮，但請保持原圖清晰；上傳失敗的照片會顯示重試標記，點一下即可重新上傳。`,
      },
      en: {
        title: 'How to photograph an item for appraisal',
        summary:
          'The valuer sees only your photos: background, light, the angles and close-ups every item needs, so that nothing comes back for more pictures.',
        tags: ['photos', 'registration', 'appraisal', 'practice'],
        body: `In a remote appraisal the valuer sees nothing but your photos. Unclear photos send the item back for modification and the customer waits another round. Get them right the first time.

![Angles to shoot: front, back, side, base, inside and details](/knowledge/photo-angles.svg)

## Before you shoot

- **Background**: plain white or light grey, no pattern; never on a glass counter or a printed cloth.
- **Light**: soft daylight near a window, or lamps on both sides; flash off, so metal and stones do not burn out.
- **Clean**: wipe off fingerprints and dust with a soft cloth.

## Angles every item needs

1. Front, back, both sides, base, and inside (bags).
2. **Size**: a ruler beside the item, on the same plane.
3. **Weight**: the scale's reading legible, in the right unit.

## Close-ups

- **Jewellery**: purity mark, brand engraving, stone settings, clasp.
- **Bags**: date code or blind stamp, heat stamp, stitching, hardware, corner wear.
- **Watches**: dial, case back, reference and serial, clasp engraving, warranty card.

## Tips

- Use the phone's macro mode for details, or step back and zoom, rather than blur up close.
- One subject per photo, filling about two thirds of the frame.
- Photograph each flaw on its own and say where it is in the remark.
- Zoom in before uploading: if you cannot read the mark, neither can the valuer.

The app shrinks photos before uploading but keeps them sharp; a photo that failed to upload shows a retry mark: tap it to try again.`,
      },
      ja: {
        title: '査定用の写真の撮り方',
        summary: '鑑定士が見るのは写真だけ。背景、光、必須のアングルと接写を押さえて、撮り直しの差し戻しを防ぎます。',
        tags: ['写真', '登録', '査定', '実務'],
        body: `リモート査定では、鑑定士が見られるのは写真だけです。写真が不鮮明だと「差し戻し」になり、お客様をもう一度待たせてしまいます。次の手順で一度で撮りましょう。

![撮影アングルの例：正面・背面・側面・底面・内側・細部](/knowledge/photo-angles.svg)

## 準備

- **背景**：無地の白か薄いグレー。ガラスのショーケースや柄物の布の上は避ける。
- **光**：窓際の柔らかい自然光、または左右からのライト。フラッシュはオフにして、金属や宝石の白飛びを防ぐ。
- **清掃**：柔らかい布で指紋やほこりを拭き取る。

## 必須のアングル

1. 正面、背面、左右の側面、底面、内側（バッグ）。
2. **サイズ**：定規を品物と同じ高さに並べる。
3. **重さ**：はかりの表示と単位がはっきり読めるように。

## 接写するところ

- **ジュエリー**：品位刻印、ブランド刻印、石留め、留め具。
- **バッグ**：製造番号または刻印、ロゴの刻印、ステッチ、金具、四隅のスレ。
- **時計**：文字盤、裏蓋、型番とシリアル、バックルの刻印、保証書。

## コツ

- 細部はスマートフォンのマクロモードを使うか、少し離れてズームし、ピンぼけを防ぐ。
- 1 枚に写すのは 1 つだけ。画面の 3 分の 2 ほどを埋める。
- キズや汚れは個別に撮り、備考に場所を書く。
- アップロード前に拡大して確認。刻印が読めなければ、鑑定士にも読めません。

写真はアップロード前に自動で縮小されますが、鮮明さは保たれます。失敗した写真には再試行マークが付くので、タップしてやり直してください。`,
      },
    },
  },
];
