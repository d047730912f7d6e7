/**
 * The walk of issue 29's "Must show": a new user at the counter, in each of the four languages at
 * 390 × 844 and at 360 × 640, on a server of its own with the demo's data and the shop's details
 * set as a manager would have set them (name, address, telephone, licence, logo and seal):
 * - the recorder registers a ring with the photo guide (three guided shots, the tiles), submits,
 *   and reads the result's notice;
 * - the item's page (timeline, photos), "Print tag" and the tag's PDF in one of the label layouts
 *   (all four across the run), rendered to PNG;
 * - valuer 1 appraises it on the phone, valuer 2's reconsideration agrees (through the API), the
 *   certificate's PDF is rendered to PNG and its QR opens the public verification page;
 * - the buyback page and form (the documents list, the price, the identity check, the signing
 *   view), the ledger's list and entry, its CSV and PDF (rendered to PNG);
 * - offline on the register page (the banner with the action bar, a photo waiting, a submit that
 *   lands in the outbox), online again;
 * - the notifications and the dashboard.
 * The phone's clock is in the reader's own zone (Tokyo, London, Taipei, Shanghai), the shop's is
 * Asia/Shanghai: a time shown in the phone's zone rather than the shop's stands out.
 * A walk to look at: it runs only with E2E_SHOTS, which names the folder of its screenshots; what
 * it measures on the way (the action bar under the banner, the tag's QR, the same moment on the
 * screen and in the export) goes to `<lang>-<width>-notes.txt` beside them. Another checkout's
 * build of apps/web/dist meanwhile would take the pages' chunks away: WEB_DIST=<a folder of its
 * own> keeps this walk's build apart.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ShopDetails } from '@jewel/contract/shop';
import { type Browser, type Download, type Locator, type Page, request as playwrightRequest } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { apiCall, LANGS, type Lang, storeLanguage, t, ui } from './app.ts';
import { choosePayment, drawSignature, finishSigning, openSigning, recycleField } from './buyback-ui.ts';
import { qrOf } from './certificate-qr.ts';
import { PHONE } from './chromium.ts';
import { appraise, distribute, runTag, verdict } from './commodity-api.ts';
import {
  detailPath,
  dialog,
  dictionary,
  field,
  fieldId,
  footer,
  type ImageFile,
  identifyPath,
  option,
  pick,
  pickFirst,
  recyclePath,
  searchList,
  uniquePhone,
} from './commodity-ui.ts';
import { apiLogin, DEMO, expect, SHOTS_DIR, shot, storeSession, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';
import { serverPort } from './servers.ts';
import type { SessionTokens } from './session.ts';
import { workerControls } from './worker.ts';

// Beside the workers' servers (own-server.ts), unused by the other journeys.
const OFFSET = 70;
const walkURL = `http://127.0.0.1:${serverPort(0) + OFFSET}`;

test.skip(!SHOTS_DIR, 'a walk to look at: E2E_SHOTS=<folder> saves its screenshots');
// The offline part needs the service worker, as a phone that has opened the app once has it.
test.use({ baseURL: walkURL, serviceWorkers: 'allow' });

ownServerFor(OFFSET);

const ENROLL = '/pages-sub/commodityEnroll/index';
const OUTBOX = '/pages-sub/outbox/index';
const LAYOUTS = ['a4-21', 'ql-62', 'die-50x30', 'die-40x30'] as const;
type Layout = (typeof LAYOUTS)[number];
const SCREENS = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const;

/** Who stands at the counter in each language: the phone's own settings, the seller and the ring. */
const PEOPLE: Record<
  Lang,
  {
    locale: string;
    timezoneId: string;
    seller: string;
    address: string;
    occupation: string;
    product: string;
    report: string;
    document: 'resident_identity_card' | 'passport';
    number: string;
  }
> = {
  'zh-Hans': {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    seller: '王芳',
    address: '上海市黄浦区南京东路 100 号 1203 室',
    occupation: '公司职员',
    product: '18K 金钻石戒指',
    report: '内圈 750 印记清晰，主石约 0.3 克拉，镶爪完好，无明显磨损。',
    document: 'resident_identity_card',
    number: '310101198506150021',
  },
  'zh-Hant': {
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    seller: '陳美玲',
    address: '臺北市大安區忠孝東路四段 1 號 5 樓',
    occupation: '上班族',
    product: '18K 金鑽石戒指',
    report: '內圈 750 印記清晰，主石約 0.3 克拉，鑲爪完好，無明顯磨損。',
    document: 'passport',
    number: '312345678',
  },
  en: {
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    seller: 'Emily Clarke',
    address: 'Flat 3, 88 Century Avenue, Pudong, Shanghai',
    occupation: 'Teacher',
    product: '18K gold diamond solitaire ring',
    report: 'Hallmark 750 inside the band, stone about 0.3 ct, prongs intact, light wear.',
    document: 'passport',
    number: '533380006',
  },
  ja: {
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    seller: '佐藤花子',
    address: '東京都台東区上野 1-1-1 上野ハイツ 302',
    occupation: '会社員',
    product: '18金 ダイヤモンド リング',
    report: '内側に 750 の刻印、石は約 0.3 ct、爪の欠けなし、小傷少々。',
    document: 'passport',
    number: 'TR1234567',
  },
};

interface Category {
  id: number;
  name: string;
  shots: { code: string; name: string; outline: string }[];
}

/** A photo of a ring as a phone would take it: a light cloth, the ring, its stone, a hallmark. */
async function ringPhoto(name: string, view: 'top' | 'side' | 'hallmark' | 'size' | 'box'): Promise<ImageFile> {
  const drawing = {
    top: `<circle cx="400" cy="300" r="150" fill="none" stroke="#c9a227" stroke-width="34"/>
      <polygon points="400,110 440,150 400,190 360,150" fill="#e8f4ff" stroke="#5a7a99" stroke-width="6"/>`,
    side: `<ellipse cx="400" cy="320" rx="220" ry="70" fill="none" stroke="#c9a227" stroke-width="40"/>
      <rect x="370" y="200" width="60" height="60" fill="#e8f4ff" stroke="#5a7a99" stroke-width="6"/>`,
    hallmark: `<rect x="120" y="200" width="560" height="200" rx="40" fill="#d8b84a" stroke="#8a6d12" stroke-width="10"/>
      <text x="240" y="340" font-family="sans-serif" font-size="120" font-weight="bold" fill="#5b4708">750</text>`,
    size: `<rect x="80" y="260" width="640" height="80" fill="#ffffff" stroke="#333" stroke-width="4"/>
      ${Array.from({ length: 31 }, (_, i) => `<line x1="${100 + i * 20}" y1="260" x2="${100 + i * 20}" y2="${i % 5 ? 290 : 310}" stroke="#333" stroke-width="3"/>`).join('')}
      <circle cx="400" cy="170" r="70" fill="none" stroke="#c9a227" stroke-width="22"/>`,
    box: `<rect x="200" y="150" width="400" height="300" rx="24" fill="#7a1f2b" stroke="#3d0d14" stroke-width="10"/>
      <circle cx="400" cy="300" r="60" fill="none" stroke="#c9a227" stroke-width="20"/>`,
  }[view];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="100%" height="100%" fill="#efe6d6"/>${drawing}</svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A small picture made with sharp, uploaded as `session`'s user; answers its stored path. */
async function uploadPicture(request: Parameters<typeof apiLogin>[0], session: SessionTokens, svg: string) {
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  const response = await request.post('/api/upload/image', {
    headers: { Authorization: `Bearer ${session.token}`, platform: 'h5' },
    multipart: { file: { name: 'image.png', mimeType: 'image/png', buffer } },
  });
  const body = (await response.json()) as { code: number; msg: string; data: { url: string } };
  expect(body.code, body.msg).toBe(0);
  return body.data.url;
}

// The shop as its manager set it up (issue 28): its name, address, telephone and licence, its
// logo and seal, for the documents to carry (issue 29 items 1 and 2).
test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: walkURL });
  try {
    const manager = await apiLogin(request, DEMO.manager);
    const shop = await apiCall<{ details: ShopDetails }>(request, manager, 'GET', '/api/shop');
    await apiCall(request, manager, 'PUT', '/api/shop', {
      ...shop.details,
      name: '外滩珠宝回收',
      address: '上海市黄浦区中山东一路 18 号 1 楼',
      phone: '021-6321-0000',
      licence_no: '沪公（黄）旧字第 310101-0088 号',
    });
    const logo = await uploadPicture(
      request,
      manager,
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#fff"/>
        <circle cx="120" cy="130" r="70" fill="none" stroke="#b8860b" stroke-width="18"/>
        <polygon points="120,30 150,60 120,90 90,60" fill="#4a90d9"/></svg>`,
    );
    const seal = await uploadPicture(
      request,
      manager,
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#fff"/>
        <circle cx="120" cy="120" r="100" fill="none" stroke="#c8102e" stroke-width="12"/>
        <text x="120" y="110" text-anchor="middle" font-family="Noto Sans CJK SC" font-size="46" fill="#c8102e">外滩</text>
        <text x="120" y="165" text-anchor="middle" font-family="Noto Sans CJK SC" font-size="46" fill="#c8102e">珠宝</text></svg>`,
    );
    await apiCall(request, manager, 'PUT', '/api/shop/images', { logo, seal });
  } finally {
    await request.dispose();
  }
});

/** A PDF saved beside the screenshots and rendered to PNG (page 1, or every page), as poppler draws it. */
function renderPdf(file: string, { dpi = 110, allPages = false } = {}): string[] {
  const base = file.replace(/\.pdf$/, '');
  if (allPages) {
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, base]);
    const pages =
      execFileSync('pdfinfo', [file])
        .toString()
        .match(/^Pages:\s+(\d+)/m)?.[1] ?? '1';
    const count = Number(pages);
    const width = String(count).length;
    return Array.from({ length: count }, (_, i) => `${base}-${String(i + 1).padStart(width, '0')}.png`);
  }
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, base]);
  return [`${base}.png`];
}

/** The QR code of a rendered page, or null. */
async function readQr(png: string): Promise<string | null> {
  const { data, info } = await sharp(readFileSync(png)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** The page sizes of a PDF in millimetres, as its MediaBoxes say. */
function pageSizes(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(
    (box) => `${Math.round((Number(box[1]) * 25.4) / 72)}×${Math.round((Number(box[2]) * 25.4) / 72)} mm`,
  );
}

/** The page's scrolling part (the window, or the content above a footer) at its top or bottom. */
async function scrollPage(page: Page, to: 'top' | 'bottom') {
  await page.evaluate((end) => {
    // A page with an action bar scrolls inside its content; the others scroll the window.
    const scroller = document.querySelector('.page--with-footer .page__content') ?? document.scrollingElement;
    if (scroller) scroller.scrollTop = end === 'top' ? 0 : scroller.scrollHeight;
  }, to);
}

/**
 * Whether the document itself scrolls past the screen on a page whose content scrolls inside
 * (a page with an action bar, which should be as tall as the screen): its height, and the
 * positioned elements inside the scroll area whose containing block lies outside it (they escape
 * its clipping and stretch the document).
 */
async function documentOverflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const height = document.documentElement.scrollHeight;
    if (height <= innerHeight + 1) return `none (${height} px ≤ ${innerHeight} px)`;
    const content = document.querySelector('.page--with-footer .page__content');
    const escaping = new Map<string, { count: number; bottom: number }>();
    for (const element of content?.querySelectorAll('*') ?? []) {
      if (!(element instanceof HTMLElement)) continue;
      if (getComputedStyle(element).position !== 'absolute') continue;
      if (element.offsetParent && content?.contains(element.offsetParent)) continue;
      const name = `${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join('')}`;
      const seen = escaping.get(name) ?? { count: 0, bottom: 0 };
      escaping.set(name, {
        count: seen.count + 1,
        bottom: Math.max(seen.bottom, Math.round(element.getBoundingClientRect().bottom)),
      });
    }
    const list = [...escaping].map(([name, { count, bottom }]) => `${name} ×${count} (lowest at ${bottom} px)`);
    return `document ${height} px tall for a ${innerHeight} px screen; escaping the scroll area: ${list.join(', ') || 'nothing found'}`;
  });
}

/** A dialog or sheet at the end of its entrance: fully opaque, at its own size, no longer moving. */
async function atRest(locator: Locator) {
  let last = '';
  await expect
    .poll(async () => {
      const state = await locator.evaluate((element) => {
        for (let at: Element | null = element; at; at = at.parentElement) {
          const style = getComputedStyle(at);
          if (Number(style.opacity) < 1) return 'fading';
          if (style.transform !== 'none') {
            const matrix = new DOMMatrixReadOnly(style.transform);
            if (Math.abs(matrix.a - 1) > 0.001 || Math.abs(matrix.d - 1) > 0.001) return 'scaling';
          }
        }
        const box = element.getBoundingClientRect();
        return `${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.width)},${Math.round(box.height)}`;
      });
      const still = state === last && !['fading', 'scaling'].includes(state);
      last = state;
      return still;
    })
    .toBe(true);
}

/** Taps `button` and answers the download it starts. */
async function downloadFrom(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}

/**
 * Waits until every photo of the register page's draft is uploaded (the guide's tiles show no
 * upload state of their own): each `local:` entry of the draft has its stored path.
 */
async function draftUploaded(page: Page, photos: number) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const draft = localStorage.getItem('jewel-commodity') ?? '';
          const urls = JSON.parse(localStorage.getItem('jewel-photo-uploads') ?? 'null')?.state?.urls ?? {};
          const entries = [...new Set(draft.match(/local:[0-9a-zA-Z-]+/g) ?? [])];
          return { photos: entries.length, pending: entries.filter((entry) => !urls[entry.slice(6)]).length };
        }),
      { timeout: 30_000 },
    )
    .toEqual({ photos, pending: 0 });
}

/** The service worker in control: pages open offline from then on (offline.spec.ts). */
async function firstVisit(page: Page) {
  await page.goto('/');
  await workerControls(page);
}

/** Another person's phone (a valuer's, a customer's) with the same screen, language and clock. */
async function anotherPhone(
  browser: Browser,
  lang: Lang,
  screen: { width: number; height: number },
  notes: string[],
  session?: SessionTokens,
): Promise<Page> {
  const context = await browser.newContext({
    ...PHONE,
    viewport: screen,
    locale: PEOPLE[lang].locale,
    timezoneId: PEOPLE[lang].timezoneId,
    baseURL: walkURL,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => notes.push(`page error on another phone: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text()))
      notes.push(`console error on another phone: ${message.text()}`);
  });
  if (session) await storeSession(page, session);
  await storeLanguage(page, lang);
  return page;
}

/** The category chosen in its search list, the list closed for good (the next picker must not meet it). */
async function chooseCategory(page: Page, name: string) {
  await page.locator(fieldId('commodities.0.category_id')).click();
  await searchList(page).getByRole('button', { name, exact: true }).click();
  await expect(page.locator(fieldId('commodities.0.category_id'))).toHaveText(name);
  await expect(searchList(page)).toHaveCount(0);
}

/** A guided shot taken from the gallery; a blur or darkness warning, if any, answered "use anyway" and noted. */
async function takeShot(page: Page, lang: Lang, shotCode: string, shotName: string, file: ImageFile, notes: string[]) {
  await page.getByLabel(`${t(lang, 'photos:gallery')}: ${shotName}`, { exact: true }).setInputFiles(file);
  const done = page.locator(`[data-shot="${shotCode}"][data-done="true"]`);
  await settlePhoto(page, lang, done, `${shotName} (${file.name})`, notes);
}

async function settlePhoto(page: Page, lang: Lang, done: Locator, what: string, notes: string[]) {
  const useAnyway = page.getByRole('button', { name: t(lang, 'enroll:guide.useAnyway') });
  await expect(done.or(useAnyway).first()).toBeVisible();
  if (await useAnyway.isVisible()) {
    notes.push(`photo check warned about a clear photo: ${what}`);
    await useAnyway.click();
    await expect(done).toBeVisible();
  }
}

/** A day picked in a date field: the app's own (three lists, issue 29 item 5) or the browser's. */
async function fillDay(page: Page, lang: Lang, id: string, day: string, notes: string[]) {
  const first = page.locator(`#${id}`);
  const tag = await first.evaluate((element) => element.tagName);
  if (tag === 'INPUT') {
    const type = await first.getAttribute('type');
    notes.push(`#${id} is the browser's <input type="${type}">, not the app's localized date picker`);
    await first.fill(day);
    return;
  }
  const [year, month, date] = day.split('-').map(Number);
  const parts = first.locator('xpath=..').locator('select');
  for (const select of await parts.all()) {
    const selectId = (await select.getAttribute('id')) ?? '';
    // The first list carries the field's id: the year, or the month in English ("June 15 1985").
    const part = selectId === id ? (lang === 'en' ? 'month' : 'year') : selectId.split('-').at(-1);
    const value = part === 'year' ? year : part === 'month' ? month : date;
    await select.selectOption(String(value));
  }
}

for (const [langIndex, lang] of LANGS.entries()) {
  for (const [screenIndex, screen] of SCREENS.entries()) {
    const layout: Layout = LAYOUTS[(langIndex * SCREENS.length + screenIndex) % LAYOUTS.length] ?? 'a4-21';
    test.describe(`${lang} at ${screen.width} px`, () => {
      test.use({ viewport: screen, locale: PEOPLE[lang].locale, timezoneId: PEOPLE[lang].timezoneId });

      test(`a ring at the counter, registered, tagged, appraised, bought, offline (${lang}, ${screen.width}×${screen.height}, ${layout})`, async ({
        page,
        context,
        browser,
        request,
        consoleErrors,
      }) => {
        // About a minute on a quiet machine; three with two browsers and builds beside it.
        test.setTimeout(180_000);
        // Offline, the pages' calls fail: the app says so (the banner), Chromium logs each.
        consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
        const who = PEOPLE[lang];
        const prefix = `${lang}-${screen.width}`;
        const notes: string[] = [
          `phone: ${screen.width}×${screen.height}, ${who.locale}, ${who.timezoneId}; shop: Asia/Shanghai, CNY`,
        ];
        let step = 0;
        const snap = async (on: Page, what: string, options: { fullPage?: boolean } = {}) => {
          step += 1;
          await shot(on, `${prefix}-${String(step).padStart(2, '0')}-${what}`, options);
        };
        /** The page's action, its confirm dialog naming `no` (a picture of it), confirmed; then its toast. */
        const confirmAction = async (on: Page, no: string, action: string, done: string, what: string) => {
          await footer(on).getByRole('button', { name: action }).click();
          await expect(dialog(on)).toContainText(no);
          await atRest(dialog(on));
          await snap(on, what);
          await dialog(on).getByRole('button', { name: action }).click();
          await expect(ui.toast(on, done)).toBeVisible();
        };
        const fileFor = (what: string, ext: string) => {
          step += 1;
          return path.join(SHOTS_DIR, `${prefix}-${String(step).padStart(2, '0')}-${what}.${ext}`);
        };
        /** The toasts gone, the images loaded: the page at rest. */
        const settled = async (on: Page) => {
          await expect(on.locator('.adm-toast-main')).toHaveCount(0, { timeout: 10_000 });
          // The pictures on the screen (a list's lazy thumbnails further down load only when scrolled to).
          await on.waitForFunction(() =>
            [...document.images]
              .filter((image) => {
                const box = image.getBoundingClientRect();
                return box.bottom > 0 && box.top < innerHeight && box.width > 0;
              })
              .every((image) => image.complete),
          );
        };
        const g = (key: string, vars: Record<string, string | number> = {}) => t(lang, `enroll:guide.${key}`, vars);

        mkdirSync(SHOTS_DIR, { recursive: true });
        try {
          const recorder = await apiLogin(request, DEMO.recorder);
          const valuer1 = await apiLogin(request, DEMO.valuers[0]);
          const valuer2 = await apiLogin(request, DEMO.valuers[1]);
          const categories = await apiCall<Category[]>(request, recorder, 'GET', '/api/categories', undefined, lang);
          const ring = categories.find((category) => category.shots.some((s) => s.outline === 'ring-top'));
          if (!ring) throw new Error('the demo has no ring shot list');
          const [top, side, , hallmark] = ring.shots;
          if (!top || !side || !hallmark) throw new Error('the ring has fewer than four shots');
          const labels = await dictionary(request, recorder, lang);
          const tag = runTag();
          const seller = `${who.seller}${lang === 'en' ? ` ${tag}` : tag}`;
          const product = `${who.product} ${tag}`;

          // ---- 1. The register page with the photo guide ----
          await storeSession(page, recorder);
          await storeLanguage(page, lang);
          await firstVisit(page);
          await page.goto(ENROLL);
          await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityEnroll'));
          await page.locator(fieldId('customer_name')).fill(seller);
          await page.locator(fieldId('customer_phone')).fill(uniquePhone());
          await page.locator(fieldId('customer_address')).fill(who.address);
          await pickFirst(page, 'commodities.0.brand_id');
          await chooseCategory(page, ring.name);
          await page.locator(fieldId('commodities.0.product_name')).fill(product);
          await pickFirst(page, 'commodities.0.product_status');
          await page.locator(fieldId('commodities.0.weight')).fill('3.6');
          const guide = field(page, 'commodities.0.product_pics');
          await expect(guide.locator('.shot-guide__cell')).toHaveCount(ring.shots.length);
          await guide.scrollIntoViewIfNeeded();
          await snap(page, 'register-guide-empty');
          await takeShot(page, lang, top.code, top.name, await ringPhoto('IMG_2041.JPG', 'top'), notes);
          await takeShot(page, lang, side.code, side.name, await ringPhoto('IMG_2042.JPG', 'side'), notes);
          await takeShot(page, lang, hallmark.code, hallmark.name, await ringPhoto('IMG_2043.JPG', 'hallmark'), notes);
          const summary = guide.locator('.shot-guide__summary');
          await expect(summary).toContainText(g('progress', { done: 3, total: ring.shots.length }));
          for (const [photoField, view] of [
            ['commodities.0.size_pics', 'size'],
            ['commodities.0.accessory_pics', 'box'],
          ] as const) {
            await field(page, photoField)
              .locator('input[data-source="gallery"]')
              .setInputFiles(await ringPhoto(`IMG_${view}.JPG`, view));
            await settlePhoto(
              page,
              lang,
              field(page, photoField).locator('.photo-grid__cell[data-state]').first(),
              view,
              notes,
            );
          }
          await draftUploaded(page, 5);
          await guide.scrollIntoViewIfNeeded();
          await settled(page);
          await snap(page, 'register-guide-tiles');
          notes.push(`register page: document overflow ${await documentOverflow(page)}`);
          await scrollPage(page, 'top');
          await snap(page, 'register-top');
          await scrollPage(page, 'bottom');
          await snap(page, 'register-bottom');
          await footer(page)
            .getByRole('button', { name: t(lang, 'enroll:actions.submit') })
            .click();
          await expect(page).toHaveURL(/commodityDetail\/index\?id=\d+/);
          await expect(ui.toast(page, t(lang, 'enroll:status.enrolled'))).toBeVisible();
          await snap(page, 'registered-notice');
          const id = Number(new URL(page.url()).searchParams.get('id'));
          const { no } = await apiCall<{ no: string }>(request, recorder, 'GET', `/api/commodities/${id}`);
          notes.push(`item ${no} (id ${id})`);

          // ---- 2. The item's page, its tag ----
          await settled(page);
          await snap(page, 'item-top');
          await page.locator('.commodity-photos').scrollIntoViewIfNeeded();
          await snap(page, 'item-photos');
          await page.locator('.commodity-history').scrollIntoViewIfNeeded();
          await snap(page, 'item-timeline');
          await scrollPage(page, 'top');
          await page.getByRole('link', { name: t(lang, 'commodity:detail.printTag') }).click();
          await expect(ui.title(page)).toHaveText(t(lang, 'titles.tags'));
          await expect(page.getByText(t(lang, 'tag:tags.selected', { count: 1 }))).toBeVisible();
          const layouts = page.getByRole('region', { name: t(lang, 'tag:layout.title') });
          await layouts.getByRole('option', { name: t(lang, `tag:layout.${layout}`) }).click();
          await expect(layouts.getByRole('option', { name: t(lang, `tag:layout.${layout}`) })).toHaveAttribute(
            'aria-selected',
            'true',
          );
          if (layout === 'a4-21') {
            // A sheet already used up to label 4: print from label 5.
            await layouts.getByRole('spinbutton', { name: t(lang, 'tag:layout.startAt') }).fill('5');
          }
          await settled(page);
          await snap(page, `tags-${layout}`);
          const tagDownload = await downloadFrom(
            page,
            page.getByRole('button', { name: t(lang, 'tag:tags.print', { count: 1 }) }),
          );
          await expect(
            ui.toast(page, t(lang, 'tag:tags.done', { name: tagDownload.suggestedFilename() })),
          ).toBeVisible();
          await snap(page, 'tags-printed');
          const tagFile = fileFor(`tag-${layout}`, 'pdf');
          await tagDownload.saveAs(tagFile);
          const tagPdf = readFileSync(tagFile);
          notes.push(`tag PDF "${tagDownload.suggestedFilename()}": pages ${pageSizes(tagPdf).join(', ')}`);
          const [tagPng] = renderPdf(tagFile);
          execFileSync('pdftoppm', [
            '-r',
            layout === 'a4-21' ? '150' : '300',
            '-png',
            '-singlefile',
            tagFile,
            tagFile.replace(/\.pdf$/, '-hires'),
          ]);
          const qr = await readQr(tagFile.replace(/\.pdf$/, '-hires.png'));
          notes.push(`tag QR (${path.basename(tagPng ?? '')}): ${qr ?? 'NOT DECODED'}`);

          // ---- 3. The valuer's appraisal, the reconsideration, the certificate ----
          await distribute(request, recorder, [id], valuer1.user.id);
          const valuerPage = await anotherPhone(browser, lang, screen, notes, valuer1);
          await valuerPage.goto(identifyPath(id));
          await expect(ui.title(valuerPage)).toHaveText(t(lang, 'titles.commodityIdentify'));
          await expect(valuerPage.getByRole('main')).toContainText(t(lang, 'appraisal:identify.startHint'));
          await settled(valuerPage);
          await snap(valuerPage, 'appraisal-start');
          await footer(valuerPage)
            .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
            .click();
          await expect(dialog(valuerPage)).toContainText(no);
          await dialog(valuerPage)
            .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
            .click();
          await expect(valuerPage.getByTestId('appraisal-elapsed')).toBeVisible();
          await option(valuerPage, t(lang, 'appraisal:form.isReal'), labels('identify_result', 'is_real', 1)).click();
          await option(valuerPage, t(lang, 'appraisal:form.stateLevel'), 'A').click();
          await option(
            valuerPage,
            t(lang, 'appraisal:form.productStatus'),
            labels('identify_result', 'product_status', 2),
          ).click();
          await valuerPage.getByLabel(t(lang, 'appraisal:form.priceLow'), { exact: true }).fill('20000');
          await valuerPage.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true }).fill('24000');
          await valuerPage.getByLabel(t(lang, 'appraisal:form.report'), { exact: true }).fill(who.report);
          await scrollPage(valuerPage, 'top');
          await settled(valuerPage);
          await snap(valuerPage, 'appraisal-form-top');
          await valuerPage.getByLabel(t(lang, 'appraisal:form.priceLow'), { exact: true }).scrollIntoViewIfNeeded();
          await snap(valuerPage, 'appraisal-form-price');
          await confirmAction(
            valuerPage,
            no,
            t(lang, 'appraisal:identify.submit'),
            t(lang, 'appraisal:identify.submitted'),
            'appraisal-confirm',
          );
          await expect(valuerPage).toHaveURL(detailPath(id));
          // Valuer 2's blind reconsideration agrees (the API); the page valuer 2 sees afterwards.
          await appraise(request, valuer2, id, verdict({ report: who.report }), 'reconsideration');
          await storeSession(valuerPage, valuer2);
          await valuerPage.goto(identifyPath(id));
          await expect(ui.title(valuerPage)).toHaveText(t(lang, 'titles.reconsideration'));
          await expect(valuerPage.getByTestId('appraisal-compare')).toBeVisible();
          await settled(valuerPage);
          await snap(valuerPage, 'reconsideration-agrees');
          await valuerPage.getByTestId('appraisal-compare').scrollIntoViewIfNeeded();
          await snap(valuerPage, 'reconsideration-compare');
          await valuerPage.context().close();

          // The certificate, from the item's page, in the app's language.
          await page.goto(detailPath(id));
          const card = page.locator('.certificate-card');
          await expect(card.getByRole('heading', { name: t(lang, 'certificate:title') })).toBeVisible();
          await card.scrollIntoViewIfNeeded();
          await settled(page);
          await snap(page, 'item-certificate-card');
          const certificateDownload = await downloadFrom(
            page,
            page.getByRole('button', {
              name: t(lang, 'certificate:downloadLabel', { no, language: t(lang, `common:language.${lang}`) }),
            }),
          );
          const certificateFile = fileFor('certificate', 'pdf');
          await certificateDownload.saveAs(certificateFile);
          const certificatePdf = readFileSync(certificateFile);
          notes.push(
            `certificate "${certificateDownload.suggestedFilename()}": pages ${pageSizes(certificatePdf).join(', ')}`,
          );
          renderPdf(certificateFile, { allPages: true });
          const verifyUrl = await qrOf(certificatePdf);
          notes.push(`certificate QR: ${verifyUrl}`);
          const visitor = await anotherPhone(browser, lang, screen, notes);
          await visitor.goto(`${verifyUrl}?lang=${lang}`);
          await expect(visitor.getByText(no).first()).toBeVisible();
          await visitor.waitForFunction(() => [...document.images].every((image) => image.complete));
          await snap(visitor, 'verify');
          await snap(visitor, 'verify-full', { fullPage: true });
          await visitor.context().close();

          // ---- 4. The buyback, the ledger ----
          await page.goto(recyclePath(id));
          await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityRecycle'));
          await option(page, t(lang, 'appraisal:recycle.isRecycle'), labels('recycle', 'is_recycle', 1)).click();
          await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('21000');
          await choosePayment(page);
          await settled(page);
          await snap(page, 'buyback-price');
          const identity = page.getByTestId('identity-section');
          await expect(identity).toBeVisible();
          await identity.scrollIntoViewIfNeeded();
          await snap(page, 'buyback-identity-empty');
          // The documents list as the clerk opens it.
          await page.locator(recycleField('document_type')).click();
          const documents = page.locator('.adm-picker-popup .adm-popup-body').filter({ visible: true });
          await expect(documents.locator('.adm-picker-view-column-item').first()).toBeVisible();
          notes.push(
            `documents list: ${(await documents.locator('.adm-picker-view-column-item').allTextContents()).join(' | ')}`,
          );
          await atRest(documents);
          await snap(page, 'buyback-documents');
          await documents.locator('.adm-picker-header-button').first().click();
          await expect(documents).toBeHidden();
          await pick(page, 'appraisal-recycle-form-document_type', t(lang, `buyback:documentTypes.${who.document}`));
          await page.locator(recycleField('document_number')).fill(who.number);
          await identity
            .locator('[data-field="document_pics"] input[data-source="gallery"]')
            .setInputFiles(await ringPhoto('IMG_ID.JPG', 'box'));
          await expect(identity.locator('.photo-grid__cell[data-state="done"]')).toHaveCount(1, { timeout: 30_000 });
          const address = page.locator(recycleField('address'));
          if ((await address.inputValue()) === '') await address.fill(who.address);
          await page.locator(recycleField('occupation')).fill(who.occupation);
          await fillDay(page, lang, 'appraisal-recycle-form-birth_date', '1985-06-15', notes);
          await page.locator(recycleField('occupation')).scrollIntoViewIfNeeded();
          await settled(page);
          await snap(page, 'buyback-identity-filled');
          await openSigning(page);
          await snap(page, 'buyback-signing');
          await drawSignature(page);
          await finishSigning(page);
          await confirmAction(
            page,
            no,
            t(lang, 'appraisal:recycle.submitBuy'),
            t(lang, 'appraisal:recycle.bought'),
            'buyback-confirm',
          );
          await snap(page, 'bought-notice');
          await expect(page).toHaveURL(detailPath(id));
          await settled(page);
          await snap(page, 'item-bought');
          await page.getByText(t(lang, 'commodity:recycle.ledgerEntry'), { exact: true }).scrollIntoViewIfNeeded();
          await snap(page, 'item-bought-ledger-link');
          const history = page.locator('.commodity-history');
          await history.scrollIntoViewIfNeeded();
          await snap(page, 'item-bought-timeline');

          const ledger = await apiCall<{ items: { id: number; commodity_no: string; day: string }[] }>(
            request,
            recorder,
            'GET',
            '/api/ledger/entries',
          );
          const entry = ledger.items.find((each) => each.commodity_no === no);
          if (!entry) throw new Error('no ledger entry for the buyback');
          const period = { from: entry.day, to: entry.day };
          await page.goto(`/pages-sub/ledger/index?from=${period.from}&to=${period.to}`);
          await expect(ui.title(page)).toHaveText(t(lang, 'titles.ledger'));
          const ledgerCard = page.getByTestId('ledger-card').filter({ hasText: no });
          await expect(ledgerCard).toHaveCount(1);
          await settled(page);
          await snap(page, 'ledger-list');
          await ledgerCard.getByRole('link').first().click();
          await expect(page.getByTestId('ledger-declaration')).toBeVisible();
          await settled(page);
          await snap(page, 'ledger-entry');
          const shownAt = await page
            .locator('.ledger-facts__line')
            .filter({ has: page.locator('dt', { hasText: t(lang, 'ledger:fields.transactedAt') }) })
            .locator('dd')
            .textContent();
          notes.push(`ledger entry ${entry.id} on the screen: ${shownAt}`);
          await page.getByTestId('ledger-declaration').scrollIntoViewIfNeeded();
          await snap(page, 'ledger-entry-declaration');
          await page.goto(`/pages-sub/ledger/index?from=${period.from}&to=${period.to}`);
          await expect(ledgerCard).toHaveCount(1);
          const csvDownload = await downloadFrom(
            page,
            page.getByRole('button', { name: t(lang, 'ledger:export.csvLabel', period) }),
          );
          const csvFile = fileFor('ledger', 'csv');
          await csvDownload.saveAs(csvFile);
          const csv = readFileSync(csvFile, 'utf8');
          const csvLines = csv.split(/\r?\n/);
          notes.push(
            `ledger CSV "${csvDownload.suggestedFilename()}" first lines: ${csvLines.slice(0, 4).join(' ⏎ ')}`,
          );
          notes.push(`ledger CSV row of ${no}: ${csvLines.find((line) => line.includes(no)) ?? 'MISSING'}`);
          notes.push(
            `ledger CSV totals: ${csvLines.filter((line) => /CNY/.test(line) && !/^\d/.test(line)).join(' ⏎ ')}`,
          );
          const pdfDownload = await downloadFrom(
            page,
            page.getByRole('button', { name: t(lang, 'ledger:export.pdfLabel', period) }),
          );
          await expect(
            ui.toast(page, t(lang, 'ledger:export.done', { name: pdfDownload.suggestedFilename() })),
          ).toBeVisible();
          await snap(page, 'ledger-exported');
          const ledgerFile = fileFor('ledger', 'pdf');
          await pdfDownload.saveAs(ledgerFile);
          notes.push(
            `ledger PDF "${pdfDownload.suggestedFilename()}": pages ${pageSizes(readFileSync(ledgerFile)).join(', ')}`,
          );
          renderPdf(ledgerFile, { allPages: true });

          // ---- 5. Offline on the register page ----
          await page.goto(ENROLL);
          await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityEnroll'));
          await page.locator(fieldId('customer_name')).fill(`${seller}·2`);
          await page.locator(fieldId('customer_phone')).fill(uniquePhone());
          await pickFirst(page, 'commodities.0.brand_id');
          await chooseCategory(page, ring.name);
          await page.locator(fieldId('commodities.0.product_name')).fill(`${product} B`);
          await pickFirst(page, 'commodities.0.product_status');
          await takeShot(page, lang, top.code, top.name, await ringPhoto('IMG_2051.JPG', 'top'), notes);
          await field(page, 'commodities.0.size_pics')
            .locator('input[data-source="gallery"]')
            .setInputFiles(await ringPhoto('IMG_2052.JPG', 'size'));
          await settlePhoto(
            page,
            lang,
            field(page, 'commodities.0.size_pics').locator('.photo-grid__cell[data-state]').first(),
            'size',
            notes,
          );
          await draftUploaded(page, 2);
          await context.setOffline(true);
          const banner = page.getByRole('status').filter({ hasText: t(lang, 'offline:banner') });
          await expect(banner).toBeVisible();
          const bar = footer(page);
          const barBox = await bar.boundingBox();
          const bannerBox = await banner.boundingBox();
          notes.push(
            `offline: banner at y ${Math.round(bannerBox?.y ?? -1)}–${Math.round((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0))}, action bar at y ${Math.round(barBox?.y ?? -1)}–${Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))} of ${screen.height}: ${barBox && barBox.y + barBox.height <= screen.height + 0.5 ? 'fully on screen' : 'PUSHED OFF SCREEN'}`,
          );
          await snap(page, 'offline-banner');
          // The box's photo taken without network: it waits.
          await field(page, 'commodities.0.accessory_pics')
            .locator('input[data-source="gallery"]')
            .setInputFiles(await ringPhoto('IMG_2053.JPG', 'box'));
          const waiting = field(page, 'commodities.0.accessory_pics').locator('.photo-grid__cell[data-state]').first();
          await settlePhoto(page, lang, waiting, 'box (offline)', notes);
          await expect(waiting).toHaveAttribute('data-state', 'waiting');
          await waiting.scrollIntoViewIfNeeded();
          await snap(page, 'offline-photo-waiting');
          await footer(page)
            .getByRole('button', { name: t(lang, 'enroll:actions.submit') })
            .click();
          await expect(page).toHaveURL(new RegExp(OUTBOX));
          const row = page.getByTestId('outbox-row');
          await expect(row).toHaveCount(1);
          await expect(row).toHaveAttribute('data-state', 'waiting');
          await snap(page, 'outbox-waiting');
          await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 10_000 });
          await snap(page, 'outbox-waiting-settled');
          await context.setOffline(false);
          await expect(page.getByText(t(lang, 'offline:outbox.empty'))).toBeVisible({ timeout: 45_000 });
          await expect(banner).toHaveCount(0);
          await snap(page, 'outbox-sent');

          // ---- 6. The notifications and the dashboard ----
          await page.goto('/pages-sub/notifications/index');
          await expect(ui.title(page)).toHaveText(t(lang, 'titles.notifications'));
          await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
          await settled(page);
          await snap(page, 'notifications');
          await page.goto('/pages/home/index');
          await expect(ui.title(page)).toHaveText(t(lang, 'titles.home'));
          await settled(page);
          await snap(page, 'dashboard');
          await snap(page, 'dashboard-full', { fullPage: true });
        } finally {
          writeFileSync(path.join(SHOTS_DIR, `${prefix}-notes.txt`), `${notes.join('\n')}\n`);
        }
      });
    });
  }
}
