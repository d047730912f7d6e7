import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { IS_REAL } from '@jewel/contract/values/information';
import type { ShopIdentity } from '../../domain/shop.ts';
import { translate } from '../../i18n/messages.ts';
import type { Verification } from './certificate.service.ts';
import { colon } from './certificate-pdf.ts';
import { CERTIFICATE_TEXTS as T } from './certificate-texts.ts';

/*
 * The public verification page, rendered on the server: plain HTML with one inline stylesheet
 * (the CSP allows inline styles, no script runs), readable on a phone without JavaScript.
 */

const LANG_NAMES: Record<Lang, string> = { 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文', en: 'English', ja: '日本語' };

/** The visitor's language: `?lang=` when it is one of ours, else the best of Accept-Language, else English. */
export function pageLang(query: unknown, acceptLanguage: string | undefined): Lang {
  if (typeof query === 'string' && (LANGS as readonly string[]).includes(query)) return query as Lang;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = Number(
        rest
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    if (/^zh-(hant|tw|hk|mo)/.test(tag)) return 'zh-Hant';
    if (tag.startsWith('zh')) return 'zh-Hans';
    if (tag.startsWith('ja')) return 'ja';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f5f6f8;color:#1f2329;line-height:1.5}
:lang(en) body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,"Noto Sans CJK SC",sans-serif}
:lang(ja) body{word-break:auto-phrase}
header,main,footer{max-width:40rem;margin:0 auto;padding:0 16px}
header{padding-top:12px}
.shop{margin:0;font-size:.95rem;font-weight:600;color:#0958d9}
nav ul{list-style:none;margin:8px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px 12px;font-size:.9rem}
nav a{color:#0958d9;text-underline-offset:2px}
nav a[aria-current]{color:#1f2329;font-weight:600;text-decoration:none}
h1{font-size:1.4rem;margin:16px 0 12px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:16px;margin:0 0 16px}
.verdict{border-width:2px}
.verdict h2{margin:0;font-size:.9rem;font-weight:600;color:#4b5563}
.verdict p.value{margin:4px 0 0;font-size:1.6rem;font-weight:700}
.genuine{border-color:#237804}.genuine .value{color:#237804}
.fake{border-color:#cf1322}.fake .value{color:#cf1322}
.undetermined{border-color:#ad4e00}.undetermined .value{color:#ad4e00}
.notice{border:2px solid #ad4e00;background:#fff7e6}
.notice h2{margin:0 0 4px;font-size:1.15rem;color:#ad4e00}
.notice p{margin:0}
dl{margin:0;display:grid;grid-template-columns:minmax(6rem,auto) 1fr;gap:8px 12px}
dt{color:#4b5563;font-size:.9rem}
dd{margin:0;overflow-wrap:anywhere}
.photos h2{margin:0 0 8px;font-size:1rem}
.photos ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:8px}
.photos img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:8px;background:#f2f4f7}
footer{color:#4b5563;font-size:.85rem;padding-bottom:24px}
.issuer{margin:0;color:#4b5563;font-size:.85rem}
.demo{margin:0;padding:8px 16px;text-align:center;background:#f9f0ff;color:#531dab;font-weight:600}
.date,.nobr{white-space:nowrap}
@media (max-width:400px){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:8px}}
`;

/** A phone number in the shop's details is never parted at its hyphens (021-6321-|0000). */
function phonesWhole(html: string): string {
  return html.replace(/\+?\d[\d-]{4,}\d/g, (phone) => `<span class="nobr">${phone}</span>`);
}

function languageLinks(path: string, lang: Lang, t: (text: (typeof T)[keyof typeof T]) => string): string {
  const items = LANGS.map((code) => {
    const current = code === lang ? ' aria-current="page"' : '';
    return `<li><a href="${escapeHtml(path)}?lang=${code}" lang="${code}" hreflang="${code}"${current}>${LANG_NAMES[code]}</a></li>`;
  }).join('');
  return `<nav aria-label="${escapeHtml(t(T.language))}"><ul>${items}</ul></nav>`;
}

/** Where the page comes from (issue 28): the shop that issued it, and the demo's data says so above everything else. */
export interface PageSource {
  demo: boolean;
  shop: ShopIdentity;
}

function layout(lang: Lang, path: string | null, title: string, body: string, source: PageSource): string {
  const t = (text: (typeof T)[keyof typeof T]) => translate(text, lang);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · ${escapeHtml(source.shop.name)}</title>
<style>${STYLE}</style>
</head>
<body>
${source.demo ? `<p class="demo" role="note">${escapeHtml(t(T.demo))}</p>` : ''}
<header>
<p class="shop">${escapeHtml(source.shop.name)}</p>
${[source.shop.licence, source.shop.contact]
  .filter(Boolean)
  .map((line) => `<p class="issuer">${phonesWhole(escapeHtml(line ?? ''))}</p>`)
  .join('')}
${path ? languageLinks(path, lang, t) : ''}
</header>
<main>
${body}
</main>
</body>
</html>
`;
}

const VERDICT_CLASS: Record<number, string> = {
  [IS_REAL.genuine]: 'genuine',
  [IS_REAL.fake]: 'fake',
  [IS_REAL.undetermined]: 'undetermined',
};

/** The page of a found link: its result, its superseded notice, "appraisal in progress" or "under review". */
export function verifyPageHtml(
  shown: Verification,
  lang: Lang,
  path: string,
  date: (instant: Date) => string,
  source: PageSource,
): string {
  const t = (text: (typeof T)[keyof typeof T], params: Record<string, string | number> = {}) =>
    translate(text, lang, params);
  const e = escapeHtml;
  const heading = `<h1>${e(t(T.pageTitle))}</h1>`;
  if (shown.kind === 'superseded') {
    const body = `${heading}
<section class="card notice" role="alert" aria-labelledby="state">
<h2 id="state">${e(t(T.superseded))}</h2>
<p>${e(t(T.supersededText, { date: '\u0000date\u0000', issued: '\u0000issued\u0000' }))
      .replace(
        '\u0000date\u0000',
        `<span class="date">${e(shown.reassessedAt ? date(shown.reassessedAt) : '—')}</span>`,
      )
      .replace('\u0000issued\u0000', `<span class="date">${e(date(shown.identifiedAt))}</span>`)}</p>
</section>
<section class="card"><dl><dt>${e(t(T.itemNo))}</dt><dd>${e(shown.no)}</dd></dl></section>`;
    return layout(lang, path, t(T.superseded), body, source);
  }
  if (shown.kind === 'inProgress' || shown.kind === 'underReview') {
    const [state, text] =
      shown.kind === 'inProgress' ? [T.inProgress, T.inProgressText] : [T.underReview, T.underReviewText];
    const body = `${heading}
<section class="card notice" aria-labelledby="state">
<h2 id="state">${e(t(state))}</h2>
<p>${e(t(text))}</p>
</section>
<section class="card"><dl><dt>${e(t(T.itemNo))}</dt><dd>${e(shown.no)}</dd></dl></section>`;
    return layout(lang, path, t(state), body, source);
  }
  const a = shown.appraisal;
  const rows: [string, string][] = [
    [t(T.itemNo), a.no],
    [t(T.brand), a.brand],
    [t(T.product), a.product],
    [t(T.material), a.material || '—'],
    [t(T.stateLevel), a.stateLevel || '—'],
    [t(T.identifiedAt), date(a.identifiedAt)],
    // The number printed at the certificate's foot, to compare with the paper (issue 29 item 2); a tag has none.
    ...(shown.linkKind === 'certificate'
      ? [[t(T.certificateId), path.slice(path.lastIndexOf('/') + 1)] as [string, string]]
      : []),
  ];
  const reason = [a.reason, a.note].filter(Boolean).join(' — ');
  const photos = Array.from(
    { length: a.photos.length },
    (_, n) =>
      `<li><img src="${e(path)}/photos/${n}" alt="${e(t(T.photoAlt, { n: n + 1 }))}" width="400" height="400" loading="lazy"></li>`,
  ).join('');
  const body = `${heading}
<p>${e(t(T.valid))}</p>
<section class="card verdict ${VERDICT_CLASS[a.isReal] ?? ''}" aria-labelledby="verdict">
<h2 id="verdict">${e(t(T.verdict))}</h2>
<p class="value">${e(a.verdict)}</p>
${reason ? `<p>${e(t(T.reason))}${colon(lang)}${e(reason)}</p>` : ''}
</section>
<section class="card" aria-label="${e(t(T.product))}">
<dl>${rows.map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`).join('')}</dl>
</section>
${photos ? `<section class="card photos" aria-labelledby="photos"><h2 id="photos">${e(t(T.photos))}</h2><ul>${photos}</ul></section>` : ''}`;
  return layout(lang, path, `${t(T.pageTitle)} ${a.no}`, body, source);
}

/** The 404 page: the same look as a certificate's, no hint about the id. */
export function verifyNotFoundHtml(lang: Lang, source: PageSource): string {
  const title = translate(T.notFound, lang);
  const text = translate(T.notFoundText, lang);
  return layout(
    lang,
    null,
    title,
    `<h1>${escapeHtml(title)}</h1>\n<section class="card"><p>${escapeHtml(text)}</p></section>`,
    source,
  );
}
