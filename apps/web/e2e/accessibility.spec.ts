/**
 * Every route, signed out and signed in (recorder, valuer, guest), in every language, at 360×640:
 * - WCAG 2.2 AA (issue 12): axe-core finds no serious or critical violation, nor with the page's
 *   dialog or popup open; each popup then closes on Escape (or its own close button);
 * - it opens where it was asked, with its title in the navigation bar and the document's title,
 *   and something in its main part (SPEC.md §2);
 * - it is no wider than the phone (issue 12, "One design system"), with long names and every
 *   kind of photo on the item pages.
 * One session per role; the language changes with one reload, the routes change inside the
 * running app, except in Chinese, where the recorder loads every route afresh (a link opened
 * from outside). With E2E_SHOTS, the same walk saves each page as `<lang>-<route>.png`
 * (`-valuer`, `-guest` for the other roles, `-<dialog>` with one open).
 *
 * And the keyboard: sign in, reach a list item and the tab bar with Tab and Enter only; a dialog
 * returns the focus to the control that opened it; a picker's wheel, a searchable list and a
 * prompt keep Tab inside while open and give the focus back however they close.
 */
import { type PathName, paths, withQuery } from '@jewel/contract/values/web-paths';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiCall,
  createGuestLink,
  enterAsGuest,
  fillDate,
  LANGS,
  type Lang,
  location,
  storeLanguage,
  t,
  ui,
} from './app.ts';
import { seriousViolations } from './axe.ts';
import { certificateUrl } from './certificate-qr.ts';
import {
  act,
  appraise,
  buybackProof,
  commodityBody,
  distribute,
  enroll,
  enrollAndDistribute,
  goldBracelet,
  registrationKit,
  verdict,
} from './commodity-api.ts';
import { footer } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, SHOTS_DIR, shot, storeSession, test } from './fixtures.ts';
import { serverURL } from './servers.ts';
import type { SessionTokens } from './session.ts';

/**
 * Violations still open, each where it is (`<route>[ <dialog>]` and its rule), so that the
 * rest is held to zero meanwhile; each is a piece of work, not an exception. Empty it as they
 * are fixed: on a 640 px screen the forms' sticky footer covers the fields below it, which axe
 * counts as too small a target (which fields depends on the language).
 */
const KNOWN_GAPS: string[] = [];

/** While mending a page: `A11Y_ROUTES=commodityEnroll,inquiryRegister A11Y_LANGS=en` walk only those. */
const ONLY = {
  routes: process.env.A11Y_ROUTES?.split(','),
  langs: process.env.A11Y_LANGS?.split(','),
};

const SCREEN = { width: 360, height: 640 };
test.use({ viewport: SCREEN });

/** What the walk needs on the server: ids of records each kind of page shows. */
interface Fixture {
  recorder: SessionTokens;
  valuer: SessionTokens;
  guest: SessionTokens;
  guestLink: string;
  /**
   * Handed to valuer 1, appraisal started: long names (item, customer) and a photo of every kind,
   * two of the item itself.
   */
  appraising: number;
  /** Appraised (quick workflow), in the data base, to buy back. */
  appraised: number;
  /** Registered, not yet handed out. */
  waiting: number;
  article: number;
  subtotal: number;
  recorderNotification: number;
  valuerNotification: number;
  /** Handed to valuer 1, not started. */
  assigned: number;
  /** Appraised by valuer 2, waiting for a reconsideration valuer 1 may take. */
  reconsiderable: number;
  /** Appraised by valuer 2, valuer 1 reconsidering. */
  reconsidering: number;
  /** Valuers 2 and 3 disagree: valuer 1 may give the comprehensive assessment. */
  disagreed: number;
  /** Handed to the guest, not started. */
  guestItem: number;
  guestNotification: number;
  /** An open price inquiry. */
  inquiry: number;
  /** The customer record of the first enrollment (two items). */
  customer: number;
  /** Registered with a serial number on the watch list: an open alert. */
  watched: number;
  /** The ledger entry of an item bought back (identity check, document photo, signature). */
  ledgerEntry: number;
}

/** The name of the subtotal, which its page shows as its title. */
const SUBTOTAL = '全部';

async function setUp(request: APIRequestContext): Promise<Fixture> {
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  const kit = await registrationKit(request, recorder, [0xc9, 0xa2, 0x27]);
  const commodity = (name: string) =>
    commodityBody(kit, name, { weight: 5.2, product_pics: [kit.photo, kit.photo], accessories: ['box'] });
  const [appraised, waiting] = (
    await enroll(request, recorder, [commodity('腕表'), commodity('手袋')], {
      customer: { customer_name: '王先生', customer_address: '上海市黄浦区南京东路 1 号' },
    })
  ).map((item) => item.id);
  if (!appraised || !waiting) throw new Error('enrollment failed');
  const { id: appraising } = await enrollAndDistribute(
    request,
    recorder,
    goldBracelet(kit, 'Cartier Love Bracelet 18K Yellow Gold', {
      product_pics: [kit.photo, kit.photo],
      weight_pics: [kit.photo],
      engraving_pics: [kit.photo],
      remark: 'Customer needs cash today',
    }),
    valuer.user.id,
    {
      workflowId: kit.quickId,
      customer: { customer_name: 'Alexandra Konstantinopoulou-Whitfield', customer_address: '東京都中央区銀座 1-1' },
    },
  );
  await apiCall(request, recorder, 'POST', '/api/watch/notices', {
    source: 'police',
    reference: 'KP-2026-0042',
    serial_no: 'A11Y-0042',
  });
  const [watched] = await enroll(request, recorder, [{ ...commodity('腕表'), serial_no: 'a11y 0042' }]);
  if (!watched) throw new Error('enrollment failed');
  // Another seller's item, bought back: the ledger's entry (`appraised` stays for the recycle page).
  const [sold] = await enroll(request, recorder, [commodity('戒指')], {
    customer: { customer_name: '陈女士', customer_address: '上海市静安区南京西路 2 号' },
  });
  if (!sold) throw new Error('enrollment failed');
  await distribute(request, recorder, [appraised, sold.id], valuer.user.id, kit.quickId);
  await act(request, valuer, appraising, 'start-appraisal');
  await appraise(request, valuer, appraised);
  await appraise(request, valuer, sold.id);
  await act(request, recorder, sold.id, 'recycle', {
    is_recycle: 1,
    price: 88000,
    currency: 'JPY',
    ...(await buybackProof(request, recorder)),
  });
  const ledger = await apiCall<{ items: { id: number; commodity_no: string }[] }>(
    request,
    recorder,
    'GET',
    '/api/ledger/entries',
  );
  const ledgerEntry = ledger.items.find((entry) => entry.commodity_no === sold.no)?.id;
  if (!ledgerEntry) throw new Error('no ledger entry for the buyback');
  const link = await createGuestLink(request, recorder, 'valuers');
  const guest = await enterAsGuest(request, link.uuid, '访客');
  const articles = await apiCall<{ items: { id: number }[] }>(request, recorder, 'GET', '/api/knowledge/articles');
  const subtotal = await apiCall<{ id: number }>(request, recorder, 'POST', '/api/subtotals', { name: SUBTOTAL });
  const notification = async (session: SessionTokens) =>
    (await apiCall<{ items: { id: number }[] }>(request, session, 'GET', '/api/user/notifications')).items[0]?.id ?? 0;
  const customer = (
    await apiCall<{ enrollment: { customer_id: number | null } }>(
      request,
      recorder,
      'GET',
      `/api/commodities/${waiting}`,
    )
  ).enrollment.customer_id;
  return {
    customer: customer ?? 0,
    recorder,
    valuer,
    guest,
    guestLink: withQuery(paths.temporary, { role: 'valuers', id: link.uuid }),
    appraising,
    appraised,
    waiting,
    article: articles.items[0]?.id ?? 0,
    subtotal: subtotal.id,
    watched: watched.id,
    ledgerEntry,
    recorderNotification: await notification(recorder),
    valuerNotification: await notification(valuer),
    ...(await appraisalRecords(request, recorder, valuer, guest)),
  };
}

/** The valuers' and the guest's records: an item at each step of the appraisal, and an inquiry. */
async function appraisalRecords(
  request: APIRequestContext,
  recorder: SessionTokens,
  valuer1: SessionTokens,
  guest: SessionTokens,
) {
  const valuer2 = await apiLogin(request, DEMO.valuers[1]);
  const valuer3 = await apiLogin(request, DEMO.valuers[2]);
  const kit = await registrationKit(request, recorder, [0x3b, 0x82, 0xff]);
  const owners = [valuer1, valuer2, valuer2, valuer2, guest].map((session) => session.user.id);
  const [assigned, reconsiderable, reconsidering, disagreed, guestItem] = (
    await enroll(
      request,
      recorder,
      owners.map((valuer_id, index) => commodityBody(kit, `手袋 ${index + 1}`, { valuer_id })),
      { customer: { customer_name: '林女士', customer_address: '東京都中央区銀座 1-1' } },
    )
  ).map((item) => item.id);
  if (!assigned || !reconsiderable || !reconsidering || !disagreed || !guestItem) throw new Error('enrollment failed');
  for (const id of [reconsiderable, reconsidering, disagreed]) await appraise(request, valuer2, id);
  await act(request, valuer1, reconsidering, 'start-reconsideration');
  // Far enough from the first verdict to disagree.
  await appraise(
    request,
    valuer3,
    disagreed,
    verdict({ state_level: 'B', price_low: 12000, price_high: 16000 }),
    'reconsideration',
  );
  const inquiry = await apiCall<{ id: number }>(request, recorder, 'POST', '/api/inquiries', {
    customer_name: '林女士',
    contact: 'wechat: lin_2026',
    product_name: 'Kelly 28',
    source: 'wechat',
  });
  const notifications = await apiCall<{ items: { id: number }[] }>(request, guest, 'GET', '/api/user/notifications');
  return {
    assigned,
    reconsiderable,
    reconsidering,
    disagreed,
    guestItem,
    guestNotification: notifications.items[0]?.id ?? 0,
    inquiry: inquiry.id,
  };
}

/**
 * Opens a dialog or popup of the page (or brings the page to a state worth checking); answers
 * how to close it when Escape is not the way.
 */
type Opener = (page: Page, lang: Lang) => Promise<(() => Promise<void>) | void>;

/** One page to check: where it is, and the dialogs or popups it can open (each checked open, then closed). */
interface Stop {
  name: PathName | 'notFound';
  target: string;
  dialogs?: Record<string, Opener>;
  /** The title it shows, when not the route's own (`titles.<name>`): a record's name, a step's. */
  title?: (lang: Lang) => string;
}

function stop(name: PathName, query: Record<string, string | number> = {}, dialogs?: Stop['dialogs']): Stop {
  return { name, target: withQuery(paths[name], query), dialogs };
}

const openLogout: Opener = async (page: Page, lang: Lang) => {
  await ui.row(page, t(lang, 'user:center.logout')).click();
  await expect(page.getByRole('dialog', { name: t(lang, 'user:center.logout') })).toBeVisible();
};
const openLanguages: Opener = async (page: Page, lang: Lang) => {
  await ui.row(page, t(lang, 'user:center.language')).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: t(lang, `language.${lang}`) })).toBeVisible();
};
const openPicker: Opener = async (page: Page) => {
  await page.locator('#field-commodities-0-product_status').click();
  await expect(page.locator('.adm-picker').filter({ visible: true })).toBeVisible();
};
const openSearch: Opener = async (page: Page) => {
  await page.locator('#field-commodities-0-brand_id').click();
  await expect(page.locator('.search-picker__dialog')).toBeVisible();
};
const openWheel: Opener = async (page: Page) => {
  await page.locator('#appraisal-identify-form-currency').click();
  await expect(page.locator('.adm-picker').filter({ visible: true })).toBeVisible();
};
const openReturn: Opener = async (page: Page, lang: Lang) => {
  await page.getByRole('button', { name: t(lang, 'appraisal:identify.return') }).click();
  await expect(page.getByRole('dialog').getByRole('textbox')).toBeVisible();
};
const openEstimate: Opener = async (page: Page, lang: Lang) => {
  await page
    .getByRole('button', { name: t(lang, 'inquiry:estimate.action') })
    .first()
    .click();
  await expect(page.locator('.inquiry-estimate')).toBeVisible();
};
/** The photo viewer over the detail page: the first of the item's two photos; its own button closes it. */
const openViewer: Opener = async (page: Page, lang: Lang) => {
  await page.locator('.photo-grid__cell button, .photo-grid button').first().click();
  const viewer = page.locator('.photo-viewer-mask').filter({ visible: true });
  await expect(viewer.locator('.adm-image-viewer-indicator')).toHaveText('1 / 2');
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  return async () => {
    await viewer.getByRole('button', { name: t(lang, 'photos:close') }).click();
    await expect(viewer).toHaveCount(0);
  };
};
/** The confirmation before an appraisal starts (cancelled by Escape: the item stays unstarted). */
const openStart: Opener = async (page: Page, lang: Lang) => {
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
};
/** The appraisal sent empty: the checks say what is missing under each field. */
const showChecks: Opener = async (page: Page, lang: Lang) => {
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:identify.submit') })
    .click();
  await expect(page.locator('[data-field="price_low"] .field-error')).toBeVisible();
};
/** The recycle page with "buy" chosen and sent empty: the seller's identity check and signature, their errors shown. */
const openBuyback: Opener = async (page: Page, lang: Lang) => {
  const buy = page
    .getByRole('group', { name: t(lang, 'appraisal:recycle.isRecycle'), exact: true })
    .locator('.adm-selector-item')
    .filter({ hasText: t(lang, 'appraisal:recycle.buyHint') });
  // At 360 × 640 under the demo's banner the choice sits at the foot of the scroll area: a tap
  // while it still scrolls into view can be lost (CI saw it once). Tap until it is chosen, never
  // once it is (a second tap would not unchoose it, but there is no need).
  await expect(async () => {
    if (!(await buy.evaluate((element) => element.classList.contains('adm-selector-item-active')))) await buy.click();
    await expect(buy).toHaveClass(/adm-selector-item-active/, { timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId('identity-section')).toBeVisible();
  await page
    .locator('.page__footer')
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await expect(page.locator('[data-field="signature"] .field-error')).toBeVisible();
};
const openCustomerCreate: Opener = async (page: Page, lang: Lang) => {
  await page.getByRole('button', { name: t(lang, 'customer:list.create') }).click();
  await expect(page.getByRole('dialog', { name: t(lang, 'customer:list.create') })).toBeVisible();
};
const openCustomerEdit: Opener = async (page: Page, lang: Lang) => {
  await page.getByRole('button', { name: t(lang, 'customer:detail.edit') }).click();
  await expect(page.getByRole('dialog', { name: t(lang, 'customer:detail.edit') })).toBeVisible();
};
const openAcknowledge: Opener = async (page: Page, lang: Lang) => {
  await page
    .getByRole('button', { name: t(lang, 'watch:alerts.acknowledge') })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeVisible();
};
const openNoticeForm: Opener = async (page: Page, lang: Lang) => {
  await page.getByRole('button', { name: t(lang, 'watch:notices.add') }).click();
  await expect(page.getByRole('dialog', { name: t(lang, 'watch:form.title') })).toBeVisible();
};
const openPeriod: Opener = async (page: Page, lang: Lang) => {
  await page.getByRole('button', { name: new RegExp(`^${t(lang, 'ledger:period.label')}:`) }).click();
  await expect(page.locator('.adm-picker').filter({ visible: true })).toBeVisible();
};
const openAgreement: Opener = async (page: Page, lang: Lang) => {
  await page.getByRole('button', { name: t(lang, 'auth:login.privacyTitle') }).click();
  await expect(page.getByRole('heading', { level: 2, name: t(lang, 'auth:login.privacyTitle') })).toBeVisible();
};

/** The pages before signing in (each loaded afresh). */
function signedOutStops(f: Fixture): Stop[] {
  return [
    stop('login', {}, { agreement: openAgreement }),
    { name: 'temporary', target: f.guestLink },
    stop('temporaryExpire'),
    // A provider's way back, reached without a request this tab started: it says so (ADR 0103).
    stop('loginProvider', { code: 'x', state: 'x' }),
    { name: 'notFound', target: '/pages-sub/no-such-page/index' },
  ];
}

/**
 * The pages every signed-in person has: the tabs, the knowledge base, the data base, their own.
 * The shop's subtotal is shown to its staff (titled with its name), not to a guest.
 */
function everyonesStops(f: Fixture, staff = true): Stop[] {
  return [
    stop('home'),
    stop('know'),
    stop('knowSearch'),
    stop('knowDetail', { id: f.article }),
    stop('information'),
    stop('informationDetail', { id: f.appraised }),
    stop('subtotalList'),
    stop('subtotalCreate'),
    { ...stop('subtotalDetail', { id: f.subtotal }), title: staff ? () => SUBTOTAL : undefined },
    stop('userCenter', {}, { logout: openLogout, language: openLanguages }),
    stop('userInfo'),
  ];
}

/** Every route of the recorder, with the records it shows. */
function recorderStops(f: Fixture): Stop[] {
  return [
    // The bare address shows the home page.
    stop('root'),
    ...everyonesStops(f),
    stop('updatePassword'),
    // At 127.0.0.1 the page says passkeys work at the shop's address (passkeys.spec.ts walks it at localhost).
    stop('passkeys'),
    // No provider configured here: the page says so (wechat.spec.ts and oidc.spec.ts walk it with some).
    stop('signInMethods'),
    stop('notifications'),
    stop('notificationDetail', { id: f.recorderNotification }),
    stop('inquiryRegister'),
    stop('inquiryList'),
    stop('restock'),
    stop('temporaryLink'),
    stop('temporaryRecord'),
    stop('commodityEnroll', {}, { picker: openPicker, search: openSearch }),
    stop('commodityList'),
    stop('commodityDetail', { id: f.appraising }, { viewer: openViewer }),
    // Identified: with its certificate card (issue 14).
    stop('commodityDetail', { id: f.appraised }),
    stop('commodityUpdate', { id: f.waiting }),
    stop('commodityDistribute', { ids: f.waiting }),
    stop('assumeNaming', { id: f.waiting }),
    stop('flowIdentify', { id: f.appraising }),
    stop('flowComprehensive', { id: f.appraising }),
    stop('revisitList'),
    stop('commodityIdentify', { id: f.appraising }),
    stop('commodityRecycle', { id: f.appraised }, { buyback: openBuyback }),
    stop('customerList', {}, { create: openCustomerCreate }),
    stop('customerDetail', { id: f.customer }, { edit: openCustomerEdit }),
    stop('watchList', {}, { acknowledge: openAcknowledge }),
    stop('watchList', { tab: 'notices' }, { add: openNoticeForm }),
    stop('watchList', { tab: 'history' }),
    stop('commodityDetail', { id: f.watched }),
    // The dealer's ledger: staff recorders only; the entry of the buyback above, with its signature.
    stop('ledger', {}, { period: openPeriod }),
    stop('ledgerEntry', { id: f.ledgerEntry }),
    // Item tags and the scan (issue 14): the tags page with an item chosen in its address.
    stop('tags', { ids: f.waiting }),
    stop('scan'),
    stop('calibration'),
    // The outbox (issue 17): registrations waiting for the network; empty here.
    stop('outbox'),
    // The back office (issue 28): for managers; this recorder is told whom each page is for.
    stop('staff'),
    stop('shop'),
    stop('branches'),
    stop('catalog'),
    stop('audit'),
    stop('operations'),
    stop('knowledgeAdmin'),
    stop('knowledgeEditor'),
    // A guest link opened by someone signed in.
    { name: 'temporary', target: f.guestLink },
    { name: 'notFound', target: '/pages-sub/no-such-page/index' },
  ];
}

/** The appraisal page of another valuer's result, to reconsider. */
const reconsideration = (lang: Lang) => t(lang, 'titles.reconsideration');

/** Every route a valuer can open: the recorder's, less registering, handing out and recycling. */
function valuerStops(f: Fixture): Stop[] {
  return [
    ...everyonesStops(f),
    stop('updatePassword'),
    stop('passkeys'),
    stop('signInMethods'),
    stop('notifications'),
    stop('notificationDetail', { id: f.valuerNotification }),
    stop('inquiryList', { status: 1 }, { estimate: openEstimate }),
    stop('inquiryList', { id: f.inquiry }),
    stop('restock'),
    stop('temporaryLink'),
    stop('temporaryRecord'),
    stop('commodityList'),
    stop('commodityDetail', { id: f.appraising }),
    stop('assumeNaming', { id: f.appraising }),
    stop('commodityIdentify', { id: f.assigned }, { start: openStart }),
    stop('commodityIdentify', { id: f.appraising }, { wheel: openWheel, return: openReturn, checks: showChecks }),
    { ...stop('commodityIdentify', { id: f.reconsiderable }), title: reconsideration },
    { ...stop('commodityIdentify', { id: f.reconsidering }), title: reconsideration },
    stop('commodityIdentify', { id: f.disagreed }),
    stop('flowIdentify', { id: f.appraised }),
    stop('flowIdentify', { id: f.disagreed }),
    stop('flowComprehensive', { id: f.disagreed }),
    stop('revisitList'),
    stop('watchList'),
    stop('watchList', { tab: 'notices' }),
    stop('commodityDetail', { id: f.watched }),
    // Not theirs: the page says whom it is for.
    stop('ledger'),
    stop('tags'),
    stop('scan'),
    stop('calibration'),
    stop('outbox'),
    stop('staff'),
    stop('shop'),
    stop('branches'),
    stop('catalog'),
    stop('audit'),
    stop('operations'),
    stop('knowledgeAdmin'),
    stop('knowledgeEditor'),
  ];
}

/** Every route a guest (a temporary valuer) can open; the staff's own pages say they are not theirs. */
function guestStops(f: Fixture): Stop[] {
  return [
    ...everyonesStops(f, false),
    // A guest has no passkeys nor sign-in accounts: the pages say so.
    stop('passkeys'),
    stop('signInMethods'),
    stop('notifications'),
    stop('notificationDetail', { id: f.guestNotification }),
    stop('inquiryList'),
    stop('restock'),
    stop('temporaryLink'),
    stop('temporaryRecord'),
    stop('commodityList'),
    stop('commodityDetail', { id: f.guestItem }),
    stop('assumeNaming', { id: f.guestItem }),
    stop('commodityIdentify', { id: f.guestItem }),
    stop('flowIdentify', { id: f.guestItem }),
    stop('revisitList'),
    stop('watchList'),
    // The scan is for everyone; tags are printed by staff, and the page says so.
    stop('scan'),
    stop('tags'),
    // Calibration figures are for regular users: the page says so.
    stop('calibration'),
    stop('staff'),
    stop('shop'),
    stop('branches'),
    stop('catalog'),
    stop('audit'),
    stop('operations'),
    stop('knowledgeAdmin'),
    stop('knowledgeEditor'),
  ];
}

/** Serious and critical violations of the page as it is now, and its width if wider than the phone, one line each. */
async function problems(page: Page, where: string): Promise<string[]> {
  const found = (await seriousViolations(page))
    .filter((violation) => !KNOWN_GAPS.some((gap) => `${where.replace(/^\S+ /, '')}: ${violation.id}` === gap))
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > SCREEN.width) found.push(`${where}: ${width} px wide, wider than the phone`);
  return found;
}

/** The page at rest: where it was asked, its titles shown, nothing loading. */
async function settled(page: Page, lang: Lang, { name, target, title: titleOf }: Stop) {
  const title = titleOf?.(lang) ?? t(lang, `titles.${name}`);
  await expect(ui.title(page)).toHaveText(title, { timeout: 20_000 }); // a first load on a busy machine
  await expect(page).toHaveTitle(`${title} · ${t(lang, 'appName')}`);
  expect(location(page)).toBe(target);
  await expect(page.getByRole('main')).not.toBeEmpty();
  await expect(page.locator('[aria-busy="true"], .adm-skeleton')).toHaveCount(0, { timeout: 10_000 });
  // A lazy picture below the fold never loads until scrolled to: only those on screen count.
  await page.waitForFunction(
    () =>
      [...document.images].every(
        (image) => image.complete || (image.loading === 'lazy' && image.getBoundingClientRect().top >= innerHeight),
      ),
    undefined,
    { timeout: 10_000 },
  );
}

/** Goes to `target` inside the running app (no reload), as a link would. */
async function navigate(page: Page, target: string) {
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, target);
  await expect.poll(() => location(page)).toBe(target);
}

/**
 * Waits until nothing on the page moves, rather than a time a slow machine outruns: no finite CSS
 * animation or transition running, and every inline style the same three frames running
 * (antd-mobile animates its popups with react-spring, which writes a style each frame and which
 * `getAnimations()` does not see). Checked at every frame.
 */
async function atRest(page: Page, what: string) {
  const watch = `rest-${Date.now()}-${Math.random()}`;
  await page
    .waitForFunction(
      (key) => {
        const states = window as unknown as Record<string, { styles: string; frames: number } | undefined>;
        const moving = document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
          );
        const styles = [...document.querySelectorAll<HTMLElement>('[style]')]
          .map((element) => element.style.cssText)
          .join('\n');
        const state = states[key];
        if (moving || !state || state.styles !== styles) {
          states[key] = { styles, frames: 0 };
          return false;
        }
        state.frames += 1;
        return state.frames >= 3;
      },
      watch,
      { polling: 'raf', timeout: 10_000 },
    )
    .catch(() => {
      throw new Error(`${what}: still moving after 10 s`);
    });
  await page.evaluate((key) => delete (window as unknown as Record<string, unknown>)[key], watch);
}

/**
 * Waits until no dialog or popup shows, checking at every frame: its closing animation is short,
 * and expect's polling (100, 250, 500 ms apart) would add most of a second to each.
 */
async function popupsClosed(page: Page, what: string) {
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('[role="dialog"], [aria-modal="true"]')].some((element) =>
          element.checkVisibility({ visibilityProperty: true }),
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {
      throw new Error(`${what}: a dialog or popup is still open`);
    });
}

/**
 * Checks every stop in `lang`; answers every problem found. Each stop is reached inside the
 * running app, or loaded afresh with `reload`.
 */
async function walk(
  page: Page,
  lang: Lang,
  stops: Stop[],
  suffix = '',
  options: { reload?: boolean } = {},
): Promise<string[]> {
  const found: string[] = [];
  await storeLanguage(page, lang);
  let loaded = false;
  for (const stop of stops.filter((each) => !ONLY.routes || ONLY.routes.includes(each.name))) {
    const { name, target, dialogs } = stop;
    await test.step(`${lang} ${name}${suffix}`, async () => {
      if (options.reload || !loaded) await page.goto(target);
      else await navigate(page, target);
      loaded = true;
      await settled(page, lang, stop);
      found.push(...(await problems(page, `${lang} ${name}${suffix}`)));
      await shot(page, `${lang}-${name}${suffix}`, { fullPage: true });
      for (const [dialog, open] of Object.entries(dialogs ?? {})) {
        const close = await open(page, lang);
        await atRest(page, `${lang} ${name}${suffix} ${dialog}`); // the popup's opening animation
        found.push(...(await problems(page, `${lang} ${name}${suffix} ${dialog}`)));
        await shot(page, `${lang}-${name}${suffix}-${dialog}`);
        if (close) await close();
        else await page.keyboard.press('Escape');
        await popupsClosed(page, `${lang} ${name}${suffix} ${dialog}`);
      }
    });
  }
  return found;
}

test('the walk reaches every route of the app', () => {
  // Any record id will do to list the stops.
  const ids = new Proxy({}, { get: () => 1 }) as Fixture;
  const walked = new Set([...signedOutStops(ids), ...recorderStops(ids)].map((each) => each.name));
  // The setup page shows only on a shop not set up: setup.spec.ts walks it on one of its own.
  expect((Object.keys(paths) as PathName[]).filter((name) => !walked.has(name))).toEqual(['setup']);
});

const walkedLangs = LANGS.filter((each) => !ONLY.langs || ONLY.langs.includes(each));

/**
 * Every stop in every language: `A11Y_FULL=1`, a walk for screenshots (E2E_SHOTS) or one
 * language asked for. Otherwise (CI) each role's stops are dealt out over the four languages,
 * stop i to language (i + role) mod 4: every route is checked once per role, every language on
 * a quarter of them, each role's quarters different — a quarter of the walk's time (ADR 0083).
 */
const FULL = Boolean(process.env.A11Y_FULL || SHOTS_DIR || ONLY.langs);

function dealt(stops: Stop[], lang: Lang, role: number): Stop[] {
  if (FULL) return stops;
  const at = LANGS.indexOf(lang);
  return stops.filter((_, index) => (index + role) % LANGS.length === at);
}

/** The language in which the recorder loads every route afresh when every language walks every stop. */
const FRESH_LOADS: Lang = 'zh-Hans';

// One test per role and language, in parallel: each worker sets up its own records on its own server.
test.describe('axe finds no serious violation', () => {
  test.describe.configure({ mode: 'parallel' });
  let fixture: Fixture;
  test.beforeAll(async ({ playwright }, testInfo) => {
    testInfo.setTimeout(180_000); // eight commodities through the real calls
    const request = await playwright.request.newContext({ baseURL: serverURL(testInfo.parallelIndex) });
    fixture = await setUp(request);
    await request.dispose();
  });

  for (const lang of walkedLangs) {
    test(`signed out: sign-in, guest entry, link expired, not found (${lang})`, async ({ page }) => {
      expect(await walk(page, lang, dealt(signedOutStops(fixture), lang, 0), '', { reload: true })).toEqual([]);
    });

    test(`the recorder's routes (${lang})`, async ({ page }) => {
      test.setTimeout(300_000);
      await storeSession(page, fixture.recorder);
      // Each route loaded afresh once: by one language when all walk everything, else by its own.
      const reload = !FULL || lang === FRESH_LOADS;
      expect(await walk(page, lang, dealt(recorderStops(fixture), lang, 1), '', { reload })).toEqual([]);
    });

    test(`a valuer's routes (${lang})`, async ({ page }) => {
      test.setTimeout(300_000);
      await storeSession(page, fixture.valuer);
      expect(await walk(page, lang, dealt(valuerStops(fixture), lang, 2), '-valuer')).toEqual([]);
    });

    test(`a guest's routes (${lang})`, async ({ page }) => {
      test.setTimeout(300_000);
      await storeSession(page, fixture.guest);
      expect(await walk(page, lang, dealt(guestStops(fixture), lang, 3), '-guest')).toEqual([]);
    });
  }
});

// The public verification page of a certificate (issue 14) is the server's, not an app route:
// its found, superseded and not-found states in every language.
test('axe finds no serious violation on the verification page', async ({ page, request, consoleErrors }) => {
  test.setTimeout(120_000);
  consoleErrors.allow.push('/verify/AAAAAAAAAAAAAAAAAAAAAA');
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  const kit = await registrationKit(request, recorder, [0x5b, 0x8c, 0xd0]);
  const [item] = await enroll(request, recorder, [commodityBody(kit, 'Verification page')]);
  if (!item) throw new Error('enrollment failed');
  await distribute(request, recorder, [item.id], valuer.user.id, kit.quickId);
  await appraise(request, valuer, item.id, verdict());
  const url = new URL(await certificateUrl(request, recorder, item.id)).pathname;
  const check = async (state: string) => {
    const found: string[] = [];
    for (const lang of walkedLangs) {
      await page.goto(`${url}?lang=${lang}`);
      found.push(...(await problems(page, `${lang} verify ${state}`)));
    }
    return found;
  };
  expect(await check('found')).toEqual([]);
  await page.goto('/verify/AAAAAAAAAAAAAAAAAAAAAA?lang=ja');
  expect(await problems(page, 'ja verify not-found')).toEqual([]);
  await act(request, recorder, item.id, 'reassess', { revisit_type: 1 });
  expect(await check('superseded')).toEqual([]);
});

/** Presses `key` (Tab by default) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, key = 'Tab', max = 40) {
  for (let press = 0; press < max; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('by keyboard alone: sign in, open a tab and a list item, and a dialog gives the focus back', async ({ page }) => {
  const lang: Lang = 'zh-Hans';
  await page.goto(paths.login);
  await tabTo(page, page.getByRole('textbox', { name: t(lang, 'auth:login.mobile') }));
  await page.keyboard.type(DEMO.recorder);
  await tabTo(page, page.getByRole('textbox', { name: t(lang, 'auth:login.password'), exact: true }));
  await page.keyboard.type(DEMO.password);
  const agreement = page.getByRole('checkbox', { name: t(lang, 'auth:login.agreementLabel') });
  await tabTo(page, agreement);
  await page.keyboard.press('Space');
  await expect(agreement).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: t(lang, 'auth:login.submit'), exact: true }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.home'));

  // A tab of the tab bar, then an item of its list, then back.
  const knowledgeTab = ui.tabBar(page, lang).getByRole('link', { name: t(lang, 'tabbar_know') });
  await tabTo(page, knowledgeTab);
  await expect(page.locator(':focus-visible')).toHaveCount(1); // the ring shows where the keyboard is
  await page.keyboard.press('Enter');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.know'));
  await tabTo(page, page.getByTestId('knowledge-card').first());
  await page.keyboard.press('Enter');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.knowDetail'));
  await tabTo(page, page.getByRole('button', { name: t(lang, 'back') }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.know'));

  // The personal center's logout asks first; cancelled, the focus is where it was.
  await tabTo(page, ui.tabBar(page, lang).getByRole('link', { name: t(lang, 'tabbar_user') }));
  await page.keyboard.press('Enter');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.userCenter'));
  const logout = page.getByRole('button', { name: t(lang, 'user:center.logout') });
  await tabTo(page, logout);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t(lang, 'user:center.logout') });
  await expect(dialog).toBeVisible();
  const cancel = dialog.getByRole('button', { name: t(lang, 'cancel') });
  await expect(cancel).toBeFocused();
  // Tab stays in the dialog.
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(logout).toBeFocused();
});

test('by keyboard alone: wheels, a searchable list, a prompt and a confirm hold Tab and give the focus back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  await storeSession(page, await apiLogin(request, DEMO.recorder));
  /** Opens `opener`'s popup with Enter: the popup, once a control of it has the focus. */
  const open = async (opener: Locator, name: string) => {
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name, exact: true });
    await expect(dialog.locator(':focus')).toHaveCount(1);
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    return dialog;
  };
  /** `dialog` closes and the focus is back on `opener`. */
  const closed = async (dialog: Locator, opener: Locator) => {
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  };
  await page.goto(paths.commodityEnroll);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityEnroll'));

  // The wheel: Escape changes nothing; turned with an arrow and confirmed, it takes the value.
  const status = page.locator('#field-commodities-0-product_status');
  let dialog = await open(status, t(lang, 'enroll:fields.product_status'));
  await page.keyboard.press('Escape');
  await closed(dialog, status);
  await expect(status).toHaveClass(/form-picker--empty/);
  dialog = await open(status, t(lang, 'enroll:fields.product_status'));
  await tabTo(page, dialog.getByRole('spinbutton'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: t(lang, 'confirm') })).toBeFocused();
  await page.keyboard.press('Enter');
  await closed(dialog, status);
  await expect(status).not.toHaveClass(/form-picker--empty/);

  // The searchable list: cancelled, then an option chosen.
  const brand = page.locator('#field-commodities-0-brand_id');
  dialog = await open(brand, t(lang, 'enroll:fields.brand'));
  await tabTo(page, dialog.getByRole('button', { name: t(lang, 'cancel'), exact: true }));
  await page.keyboard.press('Enter');
  await closed(dialog, brand);
  dialog = await open(brand, t(lang, 'enroll:fields.brand'));
  await tabTo(page, dialog.locator('.search-picker__option').first());
  await page.keyboard.press('Enter');
  await closed(dialog, brand);
  await expect(brand).not.toHaveClass(/form-picker--empty/);

  // The photo source: a sheet of real buttons, the first one focused; Escape leaves it.
  const addPhoto = page.locator('.photo-grid__add').first();
  await addPhoto.focus();
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: new RegExp(`^${t(lang, 'photos:add')}: `) });
  await expect(dialog.getByRole('button', { name: t(lang, 'photos:camera') })).toBeFocused();
  await page.keyboard.press('Escape');
  await closed(dialog, addPhoto);

  // A filter chip's wheel: turned with an arrow and confirmed, the filter is on.
  await navigate(page, paths.information);
  const chip = page.getByRole('button', { name: new RegExp(`^${t(lang, 'information:filter.isReal')}:`) });
  dialog = await open(chip, t(lang, 'information:filter.isReal'));
  await tabTo(page, dialog.getByRole('spinbutton'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await closed(dialog, chip);
  await expect(chip).toHaveClass(/choice-chip--active/);

  // The date chip's "Choose dates…": two date fields in a sheet; OK sets the range, the focus back on the chip.
  const date = page.getByRole('button', { name: new RegExp(`^${t(lang, 'information:filter.date')}:`) });
  dialog = await open(date, t(lang, 'information:filter.date'));
  await tabTo(page, dialog.getByRole('spinbutton'));
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  const from = page.getByRole('group', { name: t(lang, 'common:dateRange.from'), exact: true });
  await expect(from.locator('select').first()).toBeFocused();
  const range = page.getByRole('dialog').filter({ has: from });
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
  await fillDate(from, today);
  await fillDate(range.getByRole('group', { name: t(lang, 'common:dateRange.to'), exact: true }), today);
  await tabTo(page, range.getByRole('button', { name: t(lang, 'confirm'), exact: true }));
  await page.keyboard.press('Enter');
  await closed(range, date);
  await expect(date).toHaveClass(/choice-chip--active/);

  // The prompt: Escape, then Enter in its field.
  await navigate(page, paths.userInfo);
  const name = ui.row(page, t(lang, 'user:info.name')).getByRole('button');
  dialog = await open(name, t(lang, 'user:info.editName'));
  await page.keyboard.press('Escape');
  await closed(dialog, name);
  dialog = await open(name, t(lang, 'user:info.editName'));
  await tabTo(page, dialog.getByRole('textbox'));
  await page.keyboard.press('Enter');
  await closed(dialog, name);

  // The gender's wheel, left with Escape.
  const gender = ui.row(page, t(lang, 'user:info.gender')).getByRole('button');
  dialog = await open(gender, t(lang, 'user:info.gender'));
  await page.keyboard.press('Escape');
  await closed(dialog, gender);

  // A row of choices (the inquiry's channel): one tab stop, arrows move, Space chooses; a switch flips.
  await navigate(page, paths.inquiryRegister);
  const channels = page.getByRole('listbox').first().getByRole('option');
  await tabTo(page, channels.first());
  await page.keyboard.press('ArrowRight');
  await expect(channels.nth(1)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(channels.nth(1)).toHaveAttribute('aria-selected', 'true');
  const urgent = page.getByRole('switch', { name: t(lang, 'inquiry:fields.urgent') });
  await tabTo(page, urgent);
  await page.keyboard.press('Space');
  await expect(urgent).toHaveAttribute('aria-checked', 'true');

  // Logging out asks first: Escape answers no.
  await navigate(page, paths.userCenter);
  const logout = page.getByRole('button', { name: t(lang, 'user:center.logout') });
  dialog = await open(logout, t(lang, 'user:center.logout'));
  await page.keyboard.press('Escape');
  await closed(dialog, logout);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.userCenter'));
});
