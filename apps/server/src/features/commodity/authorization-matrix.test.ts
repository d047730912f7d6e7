import { type RouteName, routes } from '@jewel/contract/routes';
import { fillPath } from '@jewel/contract/values/api-path';
import { COMMODITY_ACTIONS, type CommodityAction } from '@jewel/contract/values/commodity-status';
import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { asc, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, expect, it } from 'vitest';
import { commands } from '../../cli/operator-commands.ts';
import {
  banners,
  branches,
  brands,
  brandTypes,
  categories,
  commodities,
  commodityEvents,
  commodityTransfers,
  customers,
  enrollments,
  identifyFlows,
  identityViews,
  inquiries,
  knowledgeArticles,
  knowledgeArticleTranslations,
  ledgerEntries,
  materials,
  notifications,
  passkeys,
  photoGuideShots,
  products,
  sessions,
  shop,
  shopChanges,
  signInBindings,
  staffBranches,
  subtotals,
  subtotalVersions,
  suspiciousFlags,
  temporaryLinks,
  uploads,
  users,
  verificationLinks,
  watchMatches,
  watchNotices,
  workflows,
} from '../../db/schema.ts';
import { FIRST_BRANCH } from '../../domain/branches.ts';
import { shopPublicUrl } from '../../domain/shop.ts';
import { newVerificationId } from '../../lib/qr.ts';
import {
  buybackProof,
  type Cast,
  commodityInput,
  enrollBody,
  enterAsGuest,
  insertAt,
  type Kit,
  type Person,
  photoUpload,
  prepareKit,
  SITUATIONS,
  type Situation,
  uploadPhoto,
  verdict,
} from '../../test/commodity-kit.ts';
import { insertLedgerEntry } from '../../test/ledger-fixtures.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases } from '../../test/test-app.ts';
import { SoftPasskey } from '../../test/webauthn-authenticator.ts';
import { detailLink } from './commodity.service.ts';

/**
 * Who may call what, written out by hand from PRODUCT.md ("Who uses it", "The commodity life
 * cycle", "The other areas", "Beyond the SPEC") and run against the real app: every contract
 * route for every kind of caller, and every commodity action in every situation of an item. A
 * refused call must change nothing.
 *
 * One letter per answer: `+` allowed, else the refusal's code.
 */
const CODE = {
  '+': 0,
  U: 401, // no session
  X: 1002, // not found: a guest asking for what is not theirs
  F: 1003, // forbidden: the wrong role for an inquiry or a certificate's photos
  G: 2031, // temporary users not allowed
  Q: 2032, // recorders only
  B: 5017, // a guest recorder cannot buy back (no identity data for guests)
  P: 2040, // provider login not configured
  L: 2042, // a provider's result that does not check (an unknown state)
  S: 4001, // wrong status
  R: 4002, // wrong role
  N: 4003, // not assigned to the caller
  O: 4004, // the caller took part in the round
  T: 4005, // someone else took it
  C: 5000, // customer records are for recorders
  K: 5061, // a scanned code of an item the caller may not see
  Z: 1007, // switched off: the metrics without METRICS_TOKEN, answered like an unknown call
  M: 2033, // the back office is for managers (issue 28)
  A: 2060, // the shop is set up already: setup happens once, and the demo only into an empty shop (issue 28)
  W: 2034, // a manager with no counter role reads as a recorder, and writes nothing of the counter (ADR 0104)
} as const;
type Letter = keyof typeof CODE;

// ——— commodity actions ———

/**
 * Items registered by the staff recorder: valuer 1 is assigned and appraises first, valuer 2
 * reconsiders, valuer 3 makes the comprehensive assessment (in `identifiedByComprehensive`, and
 * is the would-be one at 60), valuer 4 never takes part. Columns: recorder, valuer 1, 2, 3, 4, a
 * recorder who manages (the owner: as any recorder), a valuer who manages (as valuer 4: managing
 * appraises nothing, docs/roles.md). A manager with no counter role reads as a recorder and is
 * refused every action (`W`, ADR 0104): a column of its own, added below.
 * Besides: anonymous callers get 401 and guests 404 (not theirs) on every one of these.
 * An action not listed is refused to every column for its status (`S`).
 */
const STAFF_ITEMS: Record<Situation, Partial<Record<CommodityAction, string>>> = {
  pendingDistribution: { distribute: '+RRRR+R', update: '+RRRR+R', confirmName: '+++++++' },
  pendingAppraisal: { distribute: '+RRRR+R', update: '+RRRR+R', startAppraisal: 'R+NNNRN', confirmName: '+++++++' },
  inAppraisal: { returnForModification: 'R+NNNRN', submitAppraisal: 'R+NNNRN', confirmName: '+++++++' },
  toBeModified: { update: '+RRRR+R', confirmName: '+++++++' },
  pendingReconsideration: { startReconsideration: 'RO+++R+', confirmName: '+++++++' },
  // A valuer late to start it is told who took it rather than that the status moved.
  inReconsideration: { startReconsideration: 'STSTTST', submitReconsideration: 'RT+TTRT', confirmName: '+++++++' },
  // The would-be comprehensive assessor may send it back instead of deciding.
  pendingComprehensive: { comprehensive: 'ROO++R+', reassess: '+OO++++', confirmName: '+++++++' },
  // Re-assessment: the recorder, or the comprehensive assessor when there was one.
  identifiedByAgreement: { reassess: '+RRRR+R', recycle: '+RRRR+R', confirmName: '+++++++' },
  identifiedByComprehensive: { reassess: '+OO+N+N', recycle: '+RRRR+R', confirmName: '+++++++' },
  identifiedQuick: { reassess: '+RRRR+R', recycle: '+RRRR+R', confirmName: '+++++++' },
  recycled: {},
  returned: {},
};

/**
 * Items a guest recorder registered and a guest valuer appraises first (valuer 2 reconsiders,
 * valuer 3 decides). Columns: that guest recorder, that guest valuer, a guest of another link.
 * Anonymous callers get 401. An action not listed: `others`, else `SSX`.
 */
const GUEST_ITEMS: Record<Situation, Partial<Record<CommodityAction | 'others', string>>> = {
  // Not distributed yet: not the guest valuer's.
  pendingDistribution: { others: 'SXX', distribute: '+XX', update: '+XX', confirmName: '+XX' },
  pendingAppraisal: { distribute: '+RX', update: '+RX', startAppraisal: 'R+X', confirmName: '++X' },
  inAppraisal: { returnForModification: 'R+X', submitAppraisal: 'R+X', confirmName: '++X' },
  toBeModified: { update: '+RX', confirmName: '++X' },
  pendingReconsideration: { startReconsideration: 'ROX', confirmName: '++X' },
  inReconsideration: { startReconsideration: 'STX', submitReconsideration: 'RTX', confirmName: '++X' },
  pendingComprehensive: { comprehensive: 'ROX', reassess: '+OX', confirmName: '++X' },
  // A guest recorder may hand the item back but not buy it: no identity data for guests (PRODUCT.md).
  identifiedByAgreement: { reassess: '+RX', recycle: 'BRX', confirmName: '++X' },
  identifiedByComprehensive: { reassess: '+OX', recycle: 'BRX', confirmName: '++X' },
  identifiedQuick: { reassess: '+RX', recycle: 'BRX', confirmName: '++X' },
  recycled: {},
  returned: {},
};

/** Where an allowed action leaves the item, with the bodies below (PRODUCT.md's transitions). */
const AFTER: Record<CommodityAction, number | Partial<Record<Situation, number>>> = {
  distribute: 20,
  update: { pendingDistribution: 10, pendingAppraisal: 20, toBeModified: 20 },
  startAppraisal: 30,
  returnForModification: 35,
  submitAppraisal: 40,
  startReconsideration: 50,
  submitReconsideration: 70,
  comprehensive: 70,
  reassess: 20,
  // A buyback, with the seller's signature and identity check (a return needs neither).
  recycle: 80,
  confirmName: {
    pendingDistribution: 10,
    pendingAppraisal: 20,
    inAppraisal: 30,
    toBeModified: 35,
    pendingReconsideration: 40,
    inReconsideration: 50,
    pendingComprehensive: 60,
    identifiedByAgreement: 70,
    identifiedByComprehensive: 70,
    identifiedQuick: 70,
  },
};

/** A shop's details, valid, for the calls that take them (setup, the details page). */
const SHOP_DETAILS = {
  name: 'Another shop',
  address: 'Anywhere 1',
  phone: '0300000000',
  licence_no: 'X-1',
  currency: 'JPY',
  time_zone: 'Asia/Tokyo',
  languages: ['ja'],
};

const ACTION_ROUTE = {
  distribute: 'commodityDistribute',
  update: 'commodityUpdate',
  startAppraisal: 'commodityStartAppraisal',
  returnForModification: 'commodityReturn',
  submitAppraisal: 'commodityAppraise',
  startReconsideration: 'commodityStartReconsideration',
  submitReconsideration: 'commodityReconsider',
  comprehensive: 'commodityComprehensive',
  reassess: 'commodityReassess',
  recycle: 'commodityRecycle',
  confirmName: 'commodityConfirmName',
} as const satisfies Record<CommodityAction, RouteName>;

// ——— every other route: who may call it at all ———

/** A provider's result whose state nobody started (docs/adr/0103). */
const UNKNOWN_STATE = 'x'.repeat(43);
const PROVIDER_RESULT = { state: UNKNOWN_STATE, code: 'abc', callback_url: 'http://localhost/pages/login/provider' };

/**
 * Columns: anonymous, staff recorder, staff valuer, guest recorder, guest valuer, a recorder who
 * manages (the owner), a valuer who manages, a manager with no counter role. A manager answers as
 * their counter role everywhere but the back office, which is theirs (docs/roles.md, ADR 0086);
 * one with no counter role reads as a recorder and writes nothing but the back office and their
 * own things (sign-out, profile, password, passkeys, acting role, a photo, a tag sheet): `W`
 * (ADR 0104).
 */
const OTHER_ROUTES: Record<Exclude<RouteName, (typeof ACTION_ROUTE)[CommodityAction]>, string> = {
  health: '++++++++',
  ready: '++++++++',
  // The shop's settings: read by everyone signed in (PRODUCT.md "Shop settings").
  settings: 'U+++++++',
  openapi: '++++++++',
  // The operator's scraper only, with METRICS_TOKEN (none here); a session's token is no such token.
  metrics: 'ZZZZZZZZ',
  // Whether the shop is set up is public; a set-up shop is set up again by nobody (issue 28).
  shopState: '++++++++',
  setUpShop: 'AAAAAAAA',
  exploreDemo: 'AAAAAAAA',
  // The staff are a manager's to see and change (issue 28): a guest is no staff at all.
  staffList: 'UMMGG+++',
  staffInvite: 'UMMGG+++',
  staffChange: 'UMMGG+++',
  staffResetPassword: 'UMMGG+++',
  // How a member signs in: a manager reads it and removes a way in (docs/adr/0103 "Bindings").
  staffSignIn: 'UMMGG+++',
  staffEmail: 'UMMGG+++',
  staffBindingRemove: 'UMMGG+++',
  staffPasskeyRemove: 'UMMGG+++',
  shopDetails: 'UMMGG+++',
  shopDetailsChange: 'UMMGG+++',
  shopPublicUrlChange: 'UMMGG+++',
  shopImagesChange: 'UMMGG+++',
  shopBanners: 'UMMGG+++',
  shopBannerCreate: 'UMMGG+++',
  shopBannerChange: 'UMMGG+++',
  shopRulesChange: 'UMMGG+++',
  // A chain's branches (issue 32): kept by its managers; which one a session works at, by its member.
  branches: 'UMMGG+++',
  branchCreate: 'UMMGG+++',
  branchChange: 'UMMGG+++',
  branchState: 'UMMGG+++',
  staffBranches: 'UMMGG+++',
  userWorkingBranch: 'U++GG+++',
  // Transfers (issue 32 item 4): a staff recorder moves an item they see to another open branch; a
  // valuer is the wrong role, a manager with none reads only. Both branches' records and the open
  // branches (a transfer's destinations) are read by the staff.
  commodityTransfer: 'U+RGG+RW',
  transfers: 'U++GG+++',
  branchesOpen: 'U++GG+++',
  // The catalog's files (issue 28 item 5): the back office's too.
  catalogImport: 'UMMGG+++',
  catalogFile: 'UMMGG+++',
  catalogProduct: 'UMMGG+++',
  catalogProductCreate: 'UMMGG+++',
  catalogProductChange: 'UMMGG+++',
  catalogProductRetire: 'UMMGG+++',
  catalogBrand: 'UMMGG+++',
  catalogBrandCreate: 'UMMGG+++',
  catalogBrandChange: 'UMMGG+++',
  catalogEntries: 'UMMGG+++',
  catalogEntryCreate: 'UMMGG+++',
  catalogEntryChange: 'UMMGG+++',
  catalogPhotoGuide: 'UMMGG+++',
  catalogPhotoGuideChange: 'UMMGG+++',
  catalogWorkflows: 'UMMGG+++',
  catalogWorkflowCreate: 'UMMGG+++',
  catalogWorkflowChange: 'UMMGG+++',
  // The audit trail (issue 28 item 7): the back office's too.
  auditList: 'UMMGG+++',
  auditExport: 'UMMGG+++',
  // Operations (issue 28 item 8): the back office's too.
  operationsStatus: 'UMMGG+++',
  operationsBackup: 'UMMGG+++',
  authLogin: '++++++++',
  authLogout: 'U+++++++',
  authRefresh: '++++++++',
  // Guests never create links (PRODUCT.md "Who uses it").
  authTmp: 'U++GG++W',
  authGuest: '++++++++',
  // WeChat is not configured here (ADR 0103).
  wxLogin: 'PPPPPPPP',
  // Passkeys (ADR 0103): a signed-in member's own, never a guest's; the sign-in is public.
  passkeyRegistrationOptions: 'U++GG+++',
  passkeyRegister: 'U++GG+++',
  passkeyList: 'U++GG+++',
  passkeyRename: 'U++GG+++',
  passkeyRemove: 'U++GG+++',
  authPasskeyOptions: '++++++++',
  authPasskey: '++++++++',
  // Sign-in providers (ADR 0103): which are offered is public; the bindings are a member's own.
  authMethods: '++++++++',
  // No provider is configured here: starting answers so; binding is a member's own.
  authProviderStart: 'PPPPPPPP',
  // A provider's result with an unknown state signs nobody in, whoever sends it.
  authProviderFinish: 'LLLLLLLL',
  signInBindingStart: 'UPPGGPPP',
  signInBindingFinish: 'ULLGGLLL',
  signInBindingList: 'U++GG+++',
  signInBindingRemove: 'U++GG+++',
  userInfo: 'U+++++++',
  userChange: 'U+++++++',
  // Acting as another counter role held (ADR 0104): a guest holds one role and no other.
  userActingRole: 'U++GG+++',
  // A guest has no password.
  userChangePass: 'U++GG+++',
  userValuers: 'U+++++++',
  userBanners: 'U+++++++',
  userStatistics: 'U+++++++',
  userNotifications: 'U+++++++',
  userNotificationMarkAsRead: 'U+++++++',
  dictionary: '++++++++',
  transWeb: '++++++++',
  brands: 'U+++++++',
  brandTypes: 'U+++++++',
  categories: 'U+++++++',
  materials: 'U+++++++',
  workflows: 'U+++++++',
  products: 'U+++++++',
  // Restock: recorders and valuers; guests change nothing of the shop's.
  productReplenish: 'U++GG++W',
  uploadImage: 'U+++++++',
  file: '++++++++',
  // Identity documents and signatures: staff recorders upload them; a signed link reads one.
  uploadPrivate: 'U+QGG+QW',
  privateFile: '++++++++',
  // Recorders register; a guest recorder too.
  commodityEnroll: 'U+R+R+RW',
  commodityList: 'U+++++++',
  commodityDetail: 'U+++++++',
  // Reconsiderations are for valuers; a guest valuer's queue holds only what it may see.
  commodityReconsiderations: 'UR+R+R+R',
  // Preparing a buyback hands out the seller's identity data: staff recorders only (PRODUCT.md).
  commodityBuyback: 'U+QGG+Q+',
  userEvents: 'U+++++++',
  temporaryLinks: 'U++GG+++',
  temporaryLinkRevoke: 'U++GG++W',
  // Inquiries: recorders register and close, valuers estimate; guest valuers have none.
  inquiryCreate: 'U+F+F+FW',
  inquiryList: 'U+++G+++',
  inquiryDetail: 'U+++G+++',
  inquiryEstimate: 'UF+GGF+W',
  inquiryClose: 'U+F+F+FW',
  // The data base and subtotals: staff only; a manager reading as a recorder keeps subtotals too (ADR 0104).
  informationList: 'U++GG+++',
  informationDetail: 'U++GG+++',
  subtotalCreate: 'U++GG+++',
  subtotalList: 'U++GG+++',
  subtotalDetail: 'U++GG+++',
  subtotalVersions: 'U++GG+++',
  subtotalRecompute: 'U++GG+++',
  knowledgeCategories: 'U+++++++',
  knowledgeArticles: 'U+++++++',
  knowledgeArticle: 'U+++++++',
  // The knowledge editor (issue 28 item 6): the back office's too.
  knowledgeManaged: 'UMMGG+++',
  knowledgeManagedArticle: 'UMMGG+++',
  knowledgeArticleCreate: 'UMMGG+++',
  knowledgeArticleChange: 'UMMGG+++',
  knowledgeArticlePublish: 'UMMGG+++',
  knowledgePreview: 'UMMGG+++',
  // Customers: recorders (a guest recorder only their own); valuers none. Identity checks: staff recorders.
  customerList: 'U+C+C+C+',
  customerCreate: 'U+C+C+CW',
  customerDetail: 'U+C+C+C+',
  customerUpdate: 'U+C+C+CW',
  customerIdentityChecks: 'U+QGG+Q+',
  // The stolen-goods watch list: staff add and read notices; staff recorders withdraw a notice
  // and acknowledge an alert; guests nothing (PRODUCT.md "Stolen-goods watch list").
  watchNoticeList: 'U++GG+++',
  watchNoticeCreate: 'U++GG++W',
  watchNoticeImport: 'U++GG++W',
  watchNoticeWithdraw: 'U+QGG+QW',
  watchMatchList: 'U++GG+++',
  watchMatchAcknowledge: 'U+QGG+QW',
  // The dealer's ledger: staff recorders read, correct and export it; nobody edits or deletes.
  ledgerList: 'U+QGG+Q+',
  ledgerDetail: 'U+QGG+Q+',
  ledgerCorrect: 'U+QGG+QW',
  ledgerExport: 'U+QGG+Q+',
  // Suspicious transactions (犯収法 §8): staff recorders flag, review and export; valuers and guests never.
  suspiciousFlag: 'U+QGG+QW',
  suspiciousList: 'U+QGG+Q+',
  suspiciousReview: 'U+QGG+QW',
  suspiciousExport: 'U+QGG+Q+',
  // Item tags: staff print them; anyone signed in resolves a scanned code to an item they see.
  tagSheet: 'U++GG+++',
  scanResolve: 'U+++++++',
  // Appraiser calibration: every regular user sees every valuer's figures; guests none.
  calibration: 'U++GG+++',
  calibrationExport: 'U++GG+++',
  // Certificates: any regular user, for an identified item; guests none (PRODUCT.md "Certificates").
  certificateDownload: 'U++GG+++',
  // A certificate's photos are the valuer's choice (issue 29 item 2).
  certificatePhotos: 'UF+GGF+W',
};

// ——— running it ———

/** A caller: null is anonymous. */
type Caller = Person | null;

interface Call {
  route: RouteName;
  params?: Record<string, string | number>;
  query?: string;
  payload?: object;
  /** A photo sent as `multipart/form-data`, with these text fields. */
  upload?: true | Record<string, string>;
  /** The caller, when the call needs another session of the same kind than the column's. */
  as?: Caller;
}

interface Answer {
  code: number;
  // biome-ignore lint/suspicious/noExplicitAny: the answer's data is read loosely
  data: any;
}

describeOnDatabases('authorization matrix', (ctx) => {
  let kit: Kit;
  let valuer4: Person;
  let guestRecorder: Person;
  let guestValuer: Person;
  let otherGuest: Person;
  /** The demo's owner (a recorder who manages), and a valuer who manages. */
  let manager: Person;
  let valuerManager: Person;
  /** A manager who holds no counter role: a recorder, read-only (ADR 0104). */
  let readOnlyManager: Person;
  let base = '';
  /** The staff recorder's signature and identity check for the buybacks. */
  let proof: Awaited<ReturnType<typeof buybackProof>>;
  const shared = { staff: {} as Record<Situation, number>, guest: {} as Record<Situation, number> };

  const personOf = async (token: string): Promise<Person> => {
    const info = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) })).data;
    return { token, id: info.id, name: info.name };
  };
  let madeStaff = 0;
  /** A staff user of its own (a manager too when asked), for the calls that end every session of their caller. */
  const newStaff = async (role: 'recorder' | 'valuers' | 'manager', manager = false) => {
    const mobile = `1390000${String(++madeStaff).padStart(4, '0')}`;
    await commands['create-user'](ctx.app.database, { mobile, name: `M-${role}`, role, password: DEMO_PASSWORD });
    if (manager) await commands['grant-manager'](ctx.app.database, { mobile });
    return personOf(await ctx.login(mobile));
  };

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    kit = await prepareKit(ctx);
    valuer4 = await newStaff('valuers');
    manager = await personOf(await ctx.login(DEMO_MOBILES.manager));
    valuerManager = await newStaff('valuers', true);
    readOnlyManager = await newStaff('manager');
    proof = await buybackProof(ctx, kit.recorder.token);
    guestRecorder = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
    guestValuer = await enterAsGuest(ctx, kit.recorder.token, 'valuers');
    otherGuest = await enterAsGuest(ctx, kit.valuer3.token, 'valuers', 'G-other');
    for (const situation of Object.keys(SITUATIONS) as Situation[]) {
      shared.staff[situation] = await insertAt(ctx, kit, situation);
      shared.guest[situation] = await insertAt(ctx, kit, situation, guestCast());
    }
  }, 120_000);

  const guestCast = (): Partial<Cast> => ({ recorder: guestRecorder.id, first: guestValuer.id });

  async function send(caller: Caller, call: Call): Promise<Answer> {
    const route = routes[call.route];
    const who = call.as === undefined ? caller : call.as;
    const url = fillPath(route.path, call.params) + (call.query ? `?${call.query}` : '');
    const headers = { lang: 'en', ...(who ? bearer(who.token) : {}) };
    if (call.route === 'userEvents' && who) return openStream(url, headers);
    const multipart = call.upload ? await photoUpload(170, call.upload === true ? {} : call.upload) : null;
    const response = await ctx.app.inject({
      method: route.method,
      url,
      headers: multipart ? { ...headers, 'content-type': multipart.contentType } : headers,
      ...(multipart ? { payload: multipart.payload } : call.payload ? { payload: call.payload } : {}),
    });
    // A raw answer (the OpenAPI document, a file) has no envelope.
    if (!('data' in route) && response.statusCode === 200) return { code: 0, data: null };
    const body = ctx.json(response);
    return { code: body.code, data: body.data };
  }

  /** The event stream answers its first event, the unread count, and is closed. */
  async function openStream(url: string, headers: Record<string, string>): Promise<Answer> {
    const controller = new AbortController();
    const response = await fetch(`${base}${url}`, { headers, signal: controller.signal });
    if (response.status !== 200) return (await response.json()) as Answer;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    return { code: first.startsWith('data: {"type":"notification"') ? 0 : -1, data: first };
  }

  // ——— commodity actions ———

  function bodyFor(action: CommodityAction, id: number, valuerId: number): object {
    const version = 0;
    switch (action) {
      case 'distribute':
        return { items: [{ id, version }], valuer_id: valuerId };
      case 'update':
        return { ...commodityInput(kit), customer_name: 'Fixture', customer_phone: '13900000000', version };
      case 'returnForModification':
        return { version, reason: 'blurred' };
      case 'submitAppraisal':
      case 'submitReconsideration':
      case 'comprehensive':
        return { ...verdict(), version };
      case 'reassess':
        return { version, revisit_type: 1 };
      case 'recycle':
        return { version, is_recycle: 1, price: 100, currency: 'CNY', ...proof };
      case 'confirmName':
        return { version, product_id: kit.productId };
      default:
        return { version };
    }
  }

  /**
   * The notifications about an item, by the link the server writes into them (not a literal that
   * a change of path would leave counting nothing on both sides of a comparison).
   */
  async function noticesAbout(id: number) {
    const [notices] = await ctx.app.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.link, detailLink(id)));
    return notices?.n ?? 0;
  }

  /** Everything an action could touch: the row, its flows, its audit rows, the notifications about it. */
  async function snapshot(id: number) {
    const db = ctx.app.db;
    const [[row], flows, [events], notices] = await Promise.all([
      db.select().from(commodities).where(eq(commodities.id, id)),
      db.select().from(identifyFlows).where(eq(identifyFlows.commodityId, id)).orderBy(asc(identifyFlows.id)),
      db.select({ n: count() }).from(commodityEvents).where(eq(commodityEvents.commodityId, id)),
      noticesAbout(id),
    ]);
    return JSON.stringify({ row, flows, events: events?.n, notices });
  }

  async function statusOf(id: number) {
    const [row] = await ctx.app.db
      .select({ status: commodities.status })
      .from(commodities)
      .where(eq(commodities.id, id));
    return row?.status;
  }

  /**
   * Every action in every situation for each column's caller: the refusals on the situation's
   * shared item, which must stay as it was (checked after each action's refusals), an allowed
   * action on a fresh item of its own.
   */
  async function runActions(
    family: 'staff' | 'guest',
    columns: Caller[],
    cellsOf: (situation: Situation, action: CommodityAction) => string,
  ) {
    const mismatches: string[] = [];
    // Notifications the allowed actions left about their items: none would mean the snapshot's
    // count of notices compares 0 with 0 and cannot see a refused action that notified.
    let noticed = 0;
    const valuerId = family === 'guest' ? guestValuer.id : kit.valuer1.id;
    for (const situation of Object.keys(SITUATIONS) as Situation[]) {
      const id = shared[family][situation];
      const before = await snapshot(id);
      for (const action of COMMODITY_ACTIONS) {
        const cells = cellsOf(situation, action);
        expect(cells, `${family} ${situation} ${action}`).toHaveLength(columns.length);
        const refused: string[] = [];
        for (const [index, caller] of columns.entries()) {
          const expected = CODE[cells[index] as Letter];
          const allowed = expected === 0;
          const target = allowed ? await insertAt(ctx, kit, situation, family === 'guest' ? guestCast() : {}) : id;
          const payload = bodyFor(action, target, valuerId);
          // A buyback that goes through takes a signature and a photo of its own (issue 27 item 5),
          // uploaded by the one who buys.
          if (allowed && action === 'recycle')
            Object.assign(payload, await buybackProof(ctx, (caller as Person).token));
          const answer = await send(caller, { route: ACTION_ROUTE[action], params: { id: target }, payload });
          const who = caller?.name ?? 'anonymous';
          if (answer.code !== expected) {
            mismatches.push(`${family} ${situation} ${action} ${who}: expected ${expected}, got ${answer.code}`);
          } else if (allowed) {
            const after = AFTER[action];
            const status = typeof after === 'number' ? after : after[situation];
            if ((await statusOf(target)) !== status) {
              mismatches.push(`${family} ${situation} ${action} ${who}: not at ${status} afterwards`);
            }
            noticed += await noticesAbout(target);
          } else refused.push(who);
        }
        if ((await snapshot(id)) !== before) {
          mismatches.push(`${family} ${situation} ${action}: refused to ${refused.join(', ')}, but the item changed`);
        }
      }
    }
    if (noticed === 0) mismatches.push(`${family}: no allowed action left a notification about its item`);
    return mismatches;
  }

  it('answers every commodity action on a staff registration as PRODUCT.md says', async () => {
    const columns = [
      null,
      kit.recorder,
      kit.valuer1,
      kit.valuer2,
      kit.valuer3,
      valuer4,
      guestRecorder,
      guestValuer,
      otherGuest,
      manager,
      valuerManager,
      readOnlyManager,
    ];
    const mismatches = await runActions('staff', columns, (situation, action) => {
      const cells = STAFF_ITEMS[situation][action] ?? 'SSSSSSS';
      // A manager with no counter role: refused every action, whatever the item's status (ADR 0104).
      return `U${cells.slice(0, 5)}XXX${cells.slice(5)}W`;
    });
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("answers every commodity action on a guest's registration as PRODUCT.md says", async () => {
    const columns = [null, guestRecorder, guestValuer, otherGuest];
    const mismatches = await runActions('guest', columns, (situation, action) => {
      const row = GUEST_ITEMS[situation];
      return `U${row[action] ?? row.others ?? 'SSX'}`;
    });
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('shows each item, in its detail and in the lists, only to those who may see it', async () => {
    const everyone = [
      kit.recorder,
      kit.valuer1,
      kit.valuer2,
      kit.valuer3,
      valuer4,
      guestRecorder,
      guestValuer,
      otherGuest,
      manager,
      valuerManager,
      readOnlyManager,
    ];
    const listed = async (caller: Person) => {
      const ids: number[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page: Answer = await send(caller, {
          route: 'commodityList',
          query: `limit=50${cursor ? `&cursor=${cursor}` : ''}`,
        });
        ids.push(...page.data.items.map((item: { id: number }) => item.id));
        cursor = page.data.next_cursor;
      }
      return new Set(ids);
    };
    // Staff see everything; a guest recorder what they registered; a guest valuer what was given to them.
    const sees = (caller: Person, family: 'staff' | 'guest', situation: Situation) => {
      if (caller === guestRecorder) return family === 'guest';
      if (caller === guestValuer) return family === 'guest' && situation !== 'pendingDistribution';
      return caller !== otherGuest;
    };
    const mismatches: string[] = [];
    for (const caller of everyone) {
      const list = await listed(caller);
      for (const family of ['staff', 'guest'] as const) {
        for (const [situation, id] of Object.entries(shared[family]) as [Situation, number][]) {
          const visible = sees(caller, family, situation);
          const detail = await send(caller, { route: 'commodityDetail', params: { id } });
          if (detail.code !== (visible ? 0 : CODE.X) || list.has(id) !== visible) {
            mismatches.push(`${caller.name} ${family} ${situation}: detail ${detail.code}, listed ${list.has(id)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);

    // The reconsideration queue: waiting items the valuer did not appraise first, that they may see.
    const queue = async (caller: Person) =>
      (await send(caller, { route: 'commodityReconsiderations', query: 'limit=50' })).data.items.map(
        (item: { id: number }) => item.id,
      );
    const waiting = shared.staff.pendingReconsideration;
    expect(await queue(kit.valuer1)).not.toContain(waiting);
    expect(await queue(kit.valuer3)).toContain(waiting);
    expect(await queue(guestValuer)).not.toContain(waiting);
    expect(await queue(guestValuer)).not.toContain(shared.guest.pendingReconsideration);
  }, 60_000);

  // ——— every other route ———

  it('answers every other route as PRODUCT.md says, and a refused call changes nothing', async () => {
    const db = ctx.app.db;
    const kinds = [
      'anonymous',
      'recorder',
      'valuer',
      'guestRecorder',
      'guestValuer',
      'manager',
      'valuerManager',
      'readOnlyManager',
    ] as const;
    type Kind = (typeof kinds)[number];
    const callerOf: Record<Kind, Caller> = {
      anonymous: null,
      recorder: kit.recorder,
      valuer: kit.valuer1,
      guestRecorder,
      guestValuer,
      manager,
      valuerManager,
      readOnlyManager,
    };
    /** Another caller of the same kind, for calls that end their caller's sessions. */
    const another = async (kind: Kind): Promise<Caller> => {
      if (kind === 'anonymous') return null;
      if (kind === 'recorder' || kind === 'manager') return newStaff('recorder', kind === 'manager');
      if (kind === 'valuer' || kind === 'valuerManager') return newStaff('valuers', kind === 'valuerManager');
      if (kind === 'readOnlyManager') return newStaff('manager');
      return enterAsGuest(ctx, kit.recorder.token, kind === 'guestRecorder' ? 'recorder' : 'valuers');
    };
    /**
     * A passkey made on the relying party's page: the shop's public address once a row of this
     * matrix has set one (ADR 0103), localhost before.
     */
    const shopPasskey = async () => {
      const address = await shopPublicUrl(ctx.app.db, ctx.config.publicUrl);
      if (!address) return new SoftPasskey();
      const { hostname, origin } = new URL(address);
      return new SoftPasskey({ rpId: hostname, origin });
    };
    /** A passkey registration's body: for the member's own options, or for made-up ones (anonymous, a guest). */
    const passkeyRegistration = async (owner: Caller, key?: SoftPasskey) => {
      const options =
        owner && owner !== guestRecorder && owner !== guestValuer
          ? (await send(owner, { route: 'passkeyRegistrationOptions' })).data
          : { challenge: 'AAAA', user: { id: 'AA' } };
      return { name: 'Matrix', response: (key ?? (await shopPasskey())).register(options) };
    };
    const newPasskey = async (owner: Person): Promise<number> =>
      (await send(owner, { route: 'passkeyRegister', payload: await passkeyRegistration(owner) })).data.id;
    const newLink = async (owner: Person) =>
      (await send(owner, { route: 'authTmp', payload: { role: 'valuers' } })).data.uuid as string;
    const newInquiry = async (recorder: Person) =>
      (
        await send(recorder, {
          route: 'inquiryCreate',
          payload: { customer_name: 'Matrix', contact: 'line: m', product_name: 'Tank watch', source: 'wechat' },
        })
      ).data.id as number;
    const newNotice = async (userId: number) => {
      const [row] = await db
        .insert(notifications)
        .values({ userId, type: 'identified', params: { number: 'M-1' } })
        .returning({ id: notifications.id });
      return row?.id ?? 0;
    };
    const newWatchNotice = async () => {
      const [row] = await db
        .insert(watchNotices)
        .values({ source: 'police', model: 'Matrix', createdBy: kit.recorder.id })
        .returning({ id: watchNotices.id });
      return row?.id ?? 0;
    };
    const newWatchMatch = async () => {
      const [row] = await db
        .insert(watchMatches)
        .values({
          noticeId: await newWatchNotice(),
          commodityId: shared.staff.pendingAppraisal,
          matchedOn: 'serial',
          stage: 'notice',
        })
        .returning({ id: watchMatches.id });
      return row?.id ?? 0;
    };
    const photo = await uploadPhoto(ctx, kit.recorder.token, 150);
    const { payload: documentPhoto, contentType } = await photoUpload(140, { kind: 'document' });
    const privateLink = ctx.json(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/private',
        headers: { ...bearer(kit.recorder.token), 'content-type': contentType },
        payload: documentPhoto,
      }),
    ).data.url as string;
    const guestPhoto = await uploadPhoto(ctx, guestRecorder.token, 160);
    const subtotal = (await send(kit.recorder, { route: 'subtotalCreate', payload: { name: 'Matrix', filter: {} } }))
      .data.id as number;
    const article = (await send(kit.recorder, { route: 'knowledgeArticles' })).data.items[0].id as number;
    const knowledgeCategory = (await send(kit.recorder, { route: 'knowledgeCategories' })).data[0].id as number;
    const staffInquiry = await newInquiry(kit.recorder);
    const guestInquiry = await newInquiry(guestRecorder);
    const staffLink = await newLink(kit.recorder);
    const customerBody = { name: 'Matrix customer', phone: '13900001111' };
    const staffCustomer = (await send(kit.recorder, { route: 'customerCreate', payload: customerBody })).data
      .id as number;
    const guestCustomer = (await send(guestRecorder, { route: 'customerCreate', payload: customerBody })).data
      .id as number;
    const customerOf = (kind: Kind) => (guestKind(kind) ? guestCustomer : staffCustomer);
    const staffNotice = await newNotice(kit.recorder.id);
    const newTag = async (commodityId: number) => {
      const id = newVerificationId();
      await db.insert(verificationLinks).values({ id, kind: 'tag', commodityId, createdBy: kit.recorder.id });
      return id;
    };
    const staffTag = await newTag(shared.staff.pendingAppraisal);
    const guestTag = await newTag(shared.guest.pendingAppraisal);
    const newLedgerEntry = async () => (await insertLedgerEntry(ctx, kit)).id;
    const ledgerEntry = await newLedgerEntry();
    /** An open flag raised by someone other than the staff recorder, who may then review it. */
    const newFlag = async () => {
      const [row] = await db
        .insert(suspiciousFlags)
        .values({ ledgerEntryId: await newLedgerEntry(), reason: 'Matrix', flaggedBy: kit.valuer1.id })
        .returning({ id: suspiciousFlags.id });
      return row?.id ?? 0;
    };
    const guestKind = (kind: Kind) => kind === 'guestRecorder' || kind === 'guestValuer';
    const managerPhoto = await uploadPhoto(ctx, manager.token, 155);
    const enrollment = (kind: Kind) => {
      // Each registers with photos they uploaded themselves.
      const mine = kind === 'guestRecorder' ? guestPhoto : kind === 'manager' ? managerPhoto : photo;
      return enrollBody([
        commodityInput(kit, { size_pics: [mine], weight_pics: [], product_pics: [mine], accessory_pics: [mine] }),
      ]);
    };
    /** A product the matrix makes: the demo's first product's brand and category, no code. */
    const productInput = () => ({
      brand_id: kit.brandId,
      type_id: null,
      category_id: kit.categoryId,
      material_id: null,
      name: 'Matrix product',
      names: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '' },
      code: '',
    });
    const newProduct = async () => {
      const [row] = await db
        .insert(products)
        .values({ brandId: kit.brandId, categoryId: kit.categoryId, name: 'Matrix product' })
        .returning({ id: products.id });
      return row?.id ?? 0;
    };
    const bannerInput = () => ({
      title: names('Matrix banner'),
      text: names(''),
      image: '/banners/banner-1.svg',
      link: '',
      active: true,
    });
    const newBanner = async () => {
      const [row] = await db
        .insert(banners)
        .values({ title: names('Matrix banner'), image: '/banners/banner-1.svg' })
        .returning({ id: banners.id });
      return row?.id ?? 0;
    };
    const articleInput = () => ({
      category_id: knowledgeCategory,
      cover: '/knowledge/gemstones.svg',
      versions: { en: { title: 'Matrix article', summary: '', body_markdown: 'Matrix body', tags: [] } },
    });
    let matrixArticles = 0;
    const newArticle = async () => {
      matrixArticles += 1;
      const [row] = await db
        .insert(knowledgeArticles)
        .values({ slug: `matrix-${matrixArticles}`, categoryId: knowledgeCategory })
        .returning({ id: knowledgeArticles.id });
      return row?.id ?? 0;
    };
    const brandInput = (name: string) => ({ name, aliases: [], lines: [{ id: null, name: 'Line' }] });
    const newBrand = async (name: string) => {
      const [row] = await db.insert(brands).values({ name }).returning({ id: brands.id });
      return row?.id ?? 0;
    };
    const names = (name: string) => ({ 'zh-Hans': name, 'zh-Hant': name, en: name, ja: name });
    const entryInput = (code: string) => ({
      code,
      name: names('Matrix metal'),
      purity: 0.5,
      id_check_any_price: false,
      precious: true,
    });
    const newMaterial = async (code: string) => {
      const [row] = await db
        .insert(materials)
        .values({ code, name: names('Matrix metal') })
        .returning({ id: materials.id });
      return row?.id ?? 0;
    };
    const newCategory = async (code: string) => {
      const [row] = await db
        .insert(categories)
        .values({ code, name: names('Matrix category') })
        .returning({ id: categories.id });
      return row?.id ?? 0;
    };
    const workflowInput = (code: string) => ({ code, name: names('Matrix workflow'), reconsideration: false });
    const newWorkflow = async (code: string) => {
      const [row] = await db
        .insert(workflows)
        .values({ code, name: names('Matrix workflow'), steps: ['first'] })
        .returning({ id: workflows.id });
      return row?.id ?? 0;
    };
    const quickWorkflow = async () =>
      (await db.select({ id: workflows.id }).from(workflows).where(eq(workflows.code, 'quick')))[0]?.id ?? 0;
    let madeBranches = 0;
    const branchInput = (name: string) => ({
      name,
      address: 'Anywhere 2',
      phone: '0300000001',
      licence_no: null,
      time_zone: null,
      currency: null,
    });
    /** A branch of the matrix's own, which every manager of the matrix keeps (they work there). */
    const newBranch = async () => {
      const [row] = await db
        .insert(branches)
        .values({ name: `Matrix branch ${++madeBranches}` })
        .returning({ id: branches.id });
      const id = row?.id ?? 0;
      for (const member of [manager, valuerManager, readOnlyManager])
        await db.insert(staffBranches).values({ userId: member.id, branchId: id });
      return id;
    };
    const table = async (rows: PgTable, where?: SQL) => JSON.stringify(await db.select().from(rows).where(where));
    const total = async (rows: PgTable) => JSON.stringify(await db.select({ n: count() }).from(rows));

    /**
     * Each route's call for a caller of that kind, one that succeeds when the caller may make it;
     * and, for a call that writes, the rows a refusal must leave as they were.
     */
    const CALLS: Record<
      keyof typeof OTHER_ROUTES,
      { call: (kind: Kind, allowed: boolean) => Call | Promise<Call>; watch?: (call: Call) => Promise<string> }
    > = {
      health: { call: () => ({ route: 'health' }) },
      ready: { call: () => ({ route: 'ready' }) },
      settings: { call: () => ({ route: 'settings' }) },
      openapi: { call: () => ({ route: 'openapi' }) },
      metrics: { call: () => ({ route: 'metrics' }) },
      shopState: { call: () => ({ route: 'shopState' }) },
      setUpShop: {
        call: () => ({
          route: 'setUpShop',
          payload: {
            owner: { name: 'Intruder', mobile: '13900009999', password: 'secret-123' },
            shop: SHOP_DETAILS,
          },
        }),
        watch: async () => (await table(shop)) + (await total(users)),
      },
      exploreDemo: {
        call: () => ({ route: 'exploreDemo' }),
        watch: async () => (await table(shop)) + (await total(users)),
      },
      shopDetails: { call: () => ({ route: 'shopDetails' }) },
      shopDetailsChange: {
        // A manager's change keeps the demo's currency, clock and languages: later calls rely on them.
        call: async (_kind, allowed) => {
          if (!allowed) return { route: 'shopDetailsChange', payload: SHOP_DETAILS };
          const { currency, time_zone, languages } = (await send(manager, { route: 'shopDetails' })).data.details;
          return { route: 'shopDetailsChange', payload: { ...SHOP_DETAILS, currency, time_zone, languages } };
        },
        watch: async () => (await table(shop)) + (await total(shopChanges)),
      },
      // The environment's rules, which the later calls run under, now the shop's own.
      shopRulesChange: {
        call: () => ({
          route: 'shopRulesChange',
          payload: {
            identity_check: { always: true, thresholds: {} },
            retention_months: 36,
            watch_ack_single_person: false,
            managers_strong_sign_in: false,
          },
        }),
        watch: async () => (await table(shop)) + (await total(shopChanges)),
      },
      shopPublicUrlChange: {
        call: () => ({ route: 'shopPublicUrlChange', payload: { public_url: 'https://shop.example.com' } }),
        watch: async () => (await table(shop)) + (await total(shopChanges)),
      },
      shopBanners: { call: () => ({ route: 'shopBanners' }) },
      shopBannerCreate: {
        call: () => ({ route: 'shopBannerCreate', payload: bannerInput() }),
        watch: () => table(banners),
      },
      // An allowed change hides the matrix's own banner; the demo's stay as they are.
      shopBannerChange: {
        call: async (_kind, allowed) => ({
          route: 'shopBannerChange',
          params: { id: allowed ? await newBanner() : 1 },
          payload: { ...bannerInput(), active: false },
        }),
        watch: () => table(banners),
      },
      shopImagesChange: {
        call: () => ({ route: 'shopImagesChange', payload: { logo: null, seal: null } }),
        watch: async () => (await table(shop)) + (await total(shopChanges)),
      },
      // An allowed import adds one brand (once: the next finds it known).
      catalogImport: {
        call: () => ({ route: 'catalogImport', payload: { files: { brands: 'brand,type\nMatrix Maison,\n' } } }),
        watch: () => table(brands),
      },
      catalogFile: { call: () => ({ route: 'catalogFile', params: { kind: 'brands' }, query: 'template=0' }) },
      catalogProduct: { call: () => ({ route: 'catalogProduct', params: { id: kit.productId } }) },
      // An allowed change or retirement is made on a product of its own: the demo's stay as they are.
      catalogProductCreate: {
        call: () => ({ route: 'catalogProductCreate', payload: productInput() }),
        watch: () => total(products),
      },
      catalogProductChange: {
        call: async (_kind, allowed) => ({
          route: 'catalogProductChange',
          params: { id: allowed ? await newProduct() : kit.productId },
          payload: productInput(),
        }),
        watch: () => table(products),
      },
      catalogProductRetire: {
        call: async (_kind, allowed) => ({
          route: 'catalogProductRetire',
          params: { id: allowed ? await newProduct() : kit.productId },
          payload: { retired: true },
        }),
        watch: () => table(products),
      },
      catalogBrand: { call: () => ({ route: 'catalogBrand', params: { id: kit.brandId } }) },
      // An allowed caller adds a brand of its own name, or changes one of its own.
      catalogBrandCreate: {
        call: (kind) => ({ route: 'catalogBrandCreate', payload: brandInput(`Matrix ${kind}`) }),
        watch: async () => (await table(brands)) + (await table(brandTypes)),
      },
      catalogBrandChange: {
        call: async (kind, allowed) => ({
          route: 'catalogBrandChange',
          params: { id: allowed ? await newBrand(`Matrix changed ${kind}`) : kit.brandId },
          payload: brandInput(`Matrix renamed ${kind}`),
        }),
        watch: async () => (await table(brands)) + (await table(brandTypes)),
      },
      catalogEntries: { call: () => ({ route: 'catalogEntries', params: { kind: 'materials' } }) },
      // An allowed caller adds a material of its own code, or changes one of its own.
      catalogEntryCreate: {
        call: (kind) => ({
          route: 'catalogEntryCreate',
          params: { kind: 'materials' },
          payload: entryInput(`matrix-${kind.toLowerCase()}`),
        }),
        watch: () => table(materials),
      },
      catalogEntryChange: {
        call: async (kind, allowed) => ({
          route: 'catalogEntryChange',
          params: {
            kind: 'materials',
            id: allowed ? await newMaterial(`matrix-old-${kind.toLowerCase()}`) : kit.materialId,
          },
          payload: entryInput(`matrix-new-${kind.toLowerCase()}`),
        }),
        watch: () => table(materials),
      },
      catalogPhotoGuide: { call: () => ({ route: 'catalogPhotoGuide', params: { id: kit.categoryId } }) },
      // An allowed caller replaces the guide of a category of its own.
      catalogPhotoGuideChange: {
        call: async (kind, allowed) => ({
          route: 'catalogPhotoGuideChange',
          params: { id: allowed ? await newCategory(`matrix-guide-${kind.toLowerCase()}`) : kit.categoryId },
          payload: {
            shots: [{ code: 'front', name: names('Matrix front'), outline: 'generic', covers: null }],
          },
        }),
        watch: () => table(photoGuideShots),
      },
      catalogWorkflows: { call: () => ({ route: 'catalogWorkflows' }) },
      // An allowed caller adds a workflow of its own code, or changes one of its own.
      catalogWorkflowCreate: {
        call: (kind) => ({ route: 'catalogWorkflowCreate', payload: workflowInput(`matrix-${kind.toLowerCase()}`) }),
        watch: () => table(workflows),
      },
      catalogWorkflowChange: {
        call: async (kind, allowed) => ({
          route: 'catalogWorkflowChange',
          params: { id: allowed ? await newWorkflow(`matrix-old-${kind.toLowerCase()}`) : await quickWorkflow() },
          payload: workflowInput(`matrix-new-${kind.toLowerCase()}`),
        }),
        watch: () => table(workflows),
      },
      auditList: { call: () => ({ route: 'auditList' }) },
      operationsStatus: { call: () => ({ route: 'operationsStatus' }) },
      operationsBackup: { call: () => ({ route: 'operationsBackup' }) },
      auditExport: { call: () => ({ route: 'auditExport', query: 'from=2026-01-01' }) },
      staffList: { call: () => ({ route: 'staffList' }) },
      branches: { call: () => ({ route: 'branches' }) },
      branchCreate: {
        call: () => ({ route: 'branchCreate', payload: branchInput(`Matrix branch ${++madeBranches}`) }),
        watch: async () => (await table(branches)) + (await table(staffBranches)),
      },
      // An allowed change renames a branch of the matrix's own; the first branch stays as it is.
      branchChange: {
        call: async (_kind, allowed) => ({
          route: 'branchChange',
          params: { id: allowed ? await newBranch() : FIRST_BRANCH },
          payload: branchInput(`Matrix branch ${++madeBranches}`),
        }),
        watch: () => table(branches),
      },
      branchState: {
        call: async (_kind, allowed) => ({
          route: 'branchState',
          params: { id: allowed ? await newBranch() : FIRST_BRANCH },
          payload: { open: false },
        }),
        watch: () => table(branches),
      },
      staffBranches: {
        call: async (_kind, allowed) => {
          const member = allowed ? await newStaff('valuers') : kit.valuer3;
          return { route: 'staffBranches', params: { id: member.id }, payload: { branch_ids: [await newBranch()] } };
        },
        watch: () => table(staffBranches),
      },
      userWorkingBranch: {
        call: () => ({ route: 'userWorkingBranch', payload: { branch_id: FIRST_BRANCH } }),
        watch: () => table(sessions),
      },
      // An allowed transfer moves an item of its own to a branch of the matrix's own; a refused one
      // leaves the shared item where it is.
      commodityTransfer: {
        call: async (_kind, allowed) => ({
          route: 'commodityTransfer',
          params: { id: allowed ? await insertAt(ctx, kit, 'pendingDistribution') : shared.staff.pendingDistribution },
          payload: { version: 0, branch_id: await newBranch(), reason: 'Matrix' },
        }),
        watch: async (request) =>
          (await table(commodities, eq(commodities.id, Number(request.params?.id)))) +
          (await total(commodityTransfers)),
      },
      transfers: { call: () => ({ route: 'transfers' }) },
      branchesOpen: { call: () => ({ route: 'branchesOpen' }) },
      staffInvite: {
        call: () => ({
          route: 'staffInvite',
          payload: { name: 'Matrix', mobile: `1390008${String(++madeStaff).padStart(4, '0')}`, roles: ['recorder'] },
        }),
        watch: () => total(users),
      },
      // An allowed change or reset is made on a staff member of its own: the demo's stay as they are.
      staffChange: {
        call: async (_kind, allowed) => ({
          route: 'staffChange',
          params: { id: allowed ? (await newStaff('valuers')).id : kit.valuer3.id },
          payload: { is_enabled: false },
        }),
        watch: async () => (await table(users)) + (await table(sessions, isNotNull(sessions.revokedAt))),
      },
      staffResetPassword: {
        call: async (_kind, allowed) => ({
          route: 'staffResetPassword',
          params: { id: allowed ? (await newStaff('valuers')).id : kit.valuer3.id },
        }),
        watch: async () => (await table(users)) + (await table(sessions, isNotNull(sessions.revokedAt))),
      },
      // How a member signs in: an allowed change is made on valuer 4, a refused one tried on valuer 3.
      staffSignIn: { call: () => ({ route: 'staffSignIn', params: { id: kit.valuer3.id } }) },
      staffEmail: {
        call: (_kind, allowed) => ({
          route: 'staffEmail',
          params: { id: allowed ? valuer4.id : kit.valuer3.id },
          payload: { email: `matrix-${++madeStaff}@shop.example` },
        }),
        watch: () => table(users),
      },
      staffBindingRemove: {
        call: async (kind, allowed) => {
          const id = allowed ? valuer4.id : kit.valuer3.id;
          await db
            .insert(signInBindings)
            .values({ userId: id, provider: 'line', issuer: 'https://line', subject: `staff-${kind}` })
            .onConflictDoNothing();
          return { route: 'staffBindingRemove', params: { id, provider: 'line' } };
        },
        watch: () => table(signInBindings),
      },
      staffPasskeyRemove: {
        call: async (_kind, allowed) => {
          const owner = allowed ? valuer4 : kit.valuer3;
          return { route: 'staffPasskeyRemove', params: { id: owner.id, passkeyId: await newPasskey(owner) } };
        },
        watch: () => table(passkeys),
      },
      authLogin: { call: () => ({ route: 'authLogin', payload: { mobile: DEMO.recorder, password: DEMO_PASSWORD } }) },
      authLogout: {
        call: async (kind) => ({ route: 'authLogout', as: await another(kind) }),
        watch: () => table(sessions, isNotNull(sessions.revokedAt)),
      },
      authRefresh: {
        call: async () => {
          const login = await send(null, {
            route: 'authLogin',
            payload: { mobile: DEMO.valuer2, password: DEMO_PASSWORD },
          });
          return { route: 'authRefresh', payload: { refresh_token: login.data.refresh_token } };
        },
      },
      authTmp: {
        call: () => ({ route: 'authTmp', payload: { role: 'recorder' } }),
        watch: () => total(temporaryLinks),
      },
      authGuest: { call: async () => ({ route: 'authGuest', payload: { uuid: await newLink(kit.recorder) } }) },
      wxLogin: {
        call: () => ({ route: 'wxLogin', payload: { code: 'abc', state: UNKNOWN_STATE } }),
        watch: () => total(sessions),
      },
      passkeyRegistrationOptions: { call: () => ({ route: 'passkeyRegistrationOptions' }) },
      passkeyRegister: {
        call: async (kind) => ({ route: 'passkeyRegister', payload: await passkeyRegistration(callerOf[kind]) }),
        watch: () => table(passkeys),
      },
      passkeyList: { call: () => ({ route: 'passkeyList' }) },
      passkeyRename: {
        call: async (kind, allowed) => {
          const owner = callerOf[kind];
          const id = allowed && owner ? await newPasskey(owner) : await newPasskey(kit.recorder);
          return { route: 'passkeyRename', params: { id }, payload: { name: 'Renamed' } };
        },
        watch: () => table(passkeys),
      },
      passkeyRemove: {
        call: async (kind, allowed) => {
          const owner = callerOf[kind];
          const id = allowed && owner ? await newPasskey(owner) : await newPasskey(kit.recorder);
          return { route: 'passkeyRemove', params: { id } };
        },
        watch: () => table(passkeys),
      },
      authPasskeyOptions: { call: () => ({ route: 'authPasskeyOptions' }) },
      authPasskey: {
        call: async () => {
          const key = await shopPasskey();
          await send(kit.valuer2, { route: 'passkeyRegister', payload: await passkeyRegistration(kit.valuer2, key) });
          const { challenge_id, options } = (await send(null, { route: 'authPasskeyOptions' })).data;
          return { route: 'authPasskey', payload: { challenge_id, response: key.authenticate(options.challenge) } };
        },
      },
      authMethods: { call: () => ({ route: 'authMethods' }) },
      authProviderStart: { call: () => ({ route: 'authProviderStart', params: { provider: 'line' } }) },
      authProviderFinish: {
        call: () => ({ route: 'authProviderFinish', payload: PROVIDER_RESULT }),
        watch: () => total(sessions),
      },
      signInBindingStart: {
        call: () => ({
          route: 'signInBindingStart',
          params: { provider: 'line' },
          payload: { password: DEMO_PASSWORD },
        }),
      },
      signInBindingFinish: {
        call: () => ({ route: 'signInBindingFinish', payload: PROVIDER_RESULT }),
        watch: () => table(signInBindings),
      },
      signInBindingList: { call: () => ({ route: 'signInBindingList' }) },
      signInBindingRemove: {
        call: async (kind, allowed) => {
          const owner = callerOf[kind];
          if (allowed && owner)
            await db
              .insert(signInBindings)
              .values({ userId: owner.id, provider: 'line', issuer: 'https://line', subject: `${kind}` });
          return { route: 'signInBindingRemove', params: { provider: 'line' } };
        },
        watch: () => table(signInBindings),
      },
      userInfo: { call: () => ({ route: 'userInfo' }) },
      userChange: { call: () => ({ route: 'userChange', payload: { gender: 1 } }), watch: () => table(users) },
      userActingRole: {
        call: (kind) => ({
          route: 'userActingRole',
          payload: {
            role: kind === 'valuer' || kind === 'valuerManager' || kind === 'guestValuer' ? 'valuers' : 'recorder',
          },
        }),
        watch: () => table(sessions),
      },
      userChangePass: {
        call: async (kind, allowed) => ({
          route: 'userChangePass',
          payload: { old_password: DEMO_PASSWORD, password: 'changed-9876', password_confirmation: 'changed-9876' },
          ...(allowed ? { as: await another(kind) } : {}),
        }),
        watch: async () => (await table(users)) + (await table(sessions, isNotNull(sessions.revokedAt))),
      },
      userValuers: { call: () => ({ route: 'userValuers' }) },
      userBanners: { call: () => ({ route: 'userBanners' }) },
      userStatistics: { call: () => ({ route: 'userStatistics' }) },
      userNotifications: { call: () => ({ route: 'userNotifications' }) },
      userNotificationMarkAsRead: {
        call: async (kind) => {
          const owner = callerOf[kind];
          return {
            route: 'userNotificationMarkAsRead',
            params: { id: owner ? await newNotice(owner.id) : staffNotice },
          };
        },
        watch: (call) => table(notifications, eq(notifications.id, Number(call.params?.id))),
      },
      dictionary: { call: () => ({ route: 'dictionary' }) },
      transWeb: { call: () => ({ route: 'transWeb' }) },
      brands: { call: () => ({ route: 'brands' }) },
      brandTypes: { call: () => ({ route: 'brandTypes', params: { id: kit.brandId } }) },
      categories: { call: () => ({ route: 'categories' }) },
      materials: { call: () => ({ route: 'materials' }) },
      workflows: { call: () => ({ route: 'workflows' }) },
      products: { call: () => ({ route: 'products' }) },
      productReplenish: {
        call: () => ({ route: 'productReplenish', params: { id: kit.productId }, payload: { replenish_status: 1 } }),
        watch: () => table(products, eq(products.id, kit.productId)),
      },
      uploadImage: { call: () => ({ route: 'uploadImage', upload: true }), watch: () => total(uploads) },
      file: { call: () => ({ route: 'file', params: { name: photo.replace('/api/files/', '') } }) },
      uploadPrivate: {
        call: () => ({ route: 'uploadPrivate', upload: { kind: 'document' } }),
        watch: () => total(uploads),
      },
      privateFile: {
        call: () => {
          const [path, query] = privateLink.split('?') as [string, string];
          return { route: 'privateFile', params: { name: path.replace('/api/private-files/', '') }, query };
        },
      },
      commodityEnroll: {
        call: (kind) => ({ route: 'commodityEnroll', payload: enrollment(kind) }),
        watch: async () => (await total(commodities)) + (await total(enrollments)),
      },
      commodityList: { call: () => ({ route: 'commodityList', query: 'limit=1' }) },
      commodityDetail: {
        call: (kind) => ({
          route: 'commodityDetail',
          params: { id: (guestKind(kind) ? shared.guest : shared.staff).pendingAppraisal },
        }),
      },
      commodityReconsiderations: { call: () => ({ route: 'commodityReconsiderations' }) },
      commodityBuyback: {
        call: (kind) => ({
          route: 'commodityBuyback',
          params: { id: (guestKind(kind) ? shared.guest : shared.staff).pendingAppraisal },
        }),
      },
      userEvents: { call: () => ({ route: 'userEvents' }) },
      temporaryLinks: { call: () => ({ route: 'temporaryLinks' }) },
      temporaryLinkRevoke: {
        call: async (kind, allowed) => {
          const owner = callerOf[kind];
          return {
            route: 'temporaryLinkRevoke',
            params: { uuid: allowed && owner ? await newLink(owner) : staffLink },
          };
        },
        watch: (call) => table(temporaryLinks, eq(temporaryLinks.id, String(call.params?.uuid))),
      },
      inquiryCreate: {
        call: () => ({
          route: 'inquiryCreate',
          payload: { customer_name: 'Matrix', contact: 'line: m', product_name: 'Tank watch', source: 'wechat' },
        }),
        watch: () => total(inquiries),
      },
      inquiryList: { call: () => ({ route: 'inquiryList' }) },
      inquiryDetail: {
        call: (kind) => ({ route: 'inquiryDetail', params: { id: guestKind(kind) ? guestInquiry : staffInquiry } }),
      },
      inquiryEstimate: {
        call: async (_kind, allowed) => ({
          route: 'inquiryEstimate',
          params: { id: allowed ? await newInquiry(kit.recorder) : staffInquiry },
          payload: { price_low: 1000, price_high: 2000, currency: 'CNY' },
        }),
        watch: (call) => table(inquiries, eq(inquiries.id, Number(call.params?.id))),
      },
      inquiryClose: {
        call: async (kind, allowed) => {
          const owner = guestKind(kind) ? guestRecorder : kit.recorder;
          const id = allowed ? await newInquiry(owner) : guestKind(kind) ? guestInquiry : staffInquiry;
          return { route: 'inquiryClose', params: { id } };
        },
        watch: (call) => table(inquiries, eq(inquiries.id, Number(call.params?.id))),
      },
      informationList: { call: () => ({ route: 'informationList' }) },
      informationDetail: {
        call: () => ({ route: 'informationDetail', params: { id: shared.staff.identifiedByAgreement } }),
      },
      subtotalCreate: {
        call: () => ({ route: 'subtotalCreate', payload: { name: 'Matrix', filter: {} } }),
        watch: () => total(subtotals),
      },
      subtotalList: { call: () => ({ route: 'subtotalList' }) },
      subtotalDetail: { call: () => ({ route: 'subtotalDetail', params: { id: subtotal } }) },
      subtotalVersions: { call: () => ({ route: 'subtotalVersions', params: { id: subtotal } }) },
      subtotalRecompute: {
        call: () => ({ route: 'subtotalRecompute', params: { id: subtotal } }),
        watch: () => total(subtotalVersions),
      },
      knowledgeCategories: { call: () => ({ route: 'knowledgeCategories' }) },
      knowledgeArticles: { call: () => ({ route: 'knowledgeArticles' }) },
      knowledgeArticle: { call: () => ({ route: 'knowledgeArticle', params: { id: article } }) },
      knowledgeManaged: { call: () => ({ route: 'knowledgeManaged' }) },
      knowledgeManagedArticle: { call: () => ({ route: 'knowledgeManagedArticle', params: { id: article } }) },
      knowledgeArticleCreate: {
        call: () => ({ route: 'knowledgeArticleCreate', payload: articleInput() }),
        watch: async () => (await table(knowledgeArticles)) + (await table(knowledgeArticleTranslations)),
      },
      // An allowed change writes the matrix's own article; the seeded ones stay as they are.
      knowledgeArticleChange: {
        call: async (_kind, allowed) => ({
          route: 'knowledgeArticleChange',
          params: { id: allowed ? await newArticle() : article },
          payload: articleInput(),
        }),
        watch: async () => (await table(knowledgeArticles)) + (await table(knowledgeArticleTranslations)),
      },
      knowledgeArticlePublish: {
        call: async (_kind, allowed) => ({
          route: 'knowledgeArticlePublish',
          params: { id: allowed ? await newArticle() : article },
          payload: { published: false },
        }),
        watch: () => table(knowledgeArticles),
      },
      knowledgePreview: { call: () => ({ route: 'knowledgePreview', payload: { body_markdown: '# Matrix' } }) },
      customerList: { call: () => ({ route: 'customerList', query: 'keyword=139' }) },
      customerCreate: {
        call: () => ({ route: 'customerCreate', payload: customerBody }),
        watch: () => total(customers),
      },
      customerDetail: { call: (kind) => ({ route: 'customerDetail', params: { id: customerOf(kind) } }) },
      customerUpdate: {
        call: (kind) => ({
          route: 'customerUpdate',
          params: { id: customerOf(kind) },
          payload: { ...customerBody, address: 'Changed' },
        }),
        watch: (call) => table(customers, eq(customers.id, Number(call.params?.id))),
      },
      customerIdentityChecks: {
        call: (kind) => ({ route: 'customerIdentityChecks', params: { id: customerOf(kind) } }),
        watch: () => total(identityViews),
      },
      watchNoticeList: { call: () => ({ route: 'watchNoticeList' }) },
      watchNoticeCreate: {
        call: () => ({ route: 'watchNoticeCreate', payload: { source: 'police', serial_no: 'MX-0001' } }),
        watch: () => total(watchNotices),
      },
      watchNoticeImport: {
        call: () => ({ route: 'watchNoticeImport', payload: { csv: 'source,serial_no\npolice,MX-0002\n' } }),
        watch: () => total(watchNotices),
      },
      watchNoticeWithdraw: {
        call: async () => ({
          route: 'watchNoticeWithdraw',
          params: { id: await newWatchNotice() },
          payload: { reason: 'Recovered by the police' },
        }),
        watch: (call) => table(watchNotices, eq(watchNotices.id, Number(call.params?.id))),
      },
      watchMatchList: { call: () => ({ route: 'watchMatchList' }) },
      watchMatchAcknowledge: {
        call: async () => ({
          route: 'watchMatchAcknowledge',
          params: { id: await newWatchMatch() },
          payload: {
            reason: 'Checked with the police: another item',
            witness_mobile: DEMO.valuer2,
            witness_password: DEMO_PASSWORD,
          },
        }),
        watch: (call) => table(watchMatches, eq(watchMatches.id, Number(call.params?.id))),
      },
      ledgerList: { call: () => ({ route: 'ledgerList' }) },
      ledgerDetail: { call: () => ({ route: 'ledgerDetail', params: { id: ledgerEntry } }) },
      ledgerCorrect: {
        // Only the latest entry of a chain may be corrected: each allowed call corrects an entry of its own.
        call: async (_kind, allowed) => ({
          route: 'ledgerCorrect',
          params: { id: allowed ? await newLedgerEntry() : ledgerEntry },
          payload: { seller_occupation: 'Teacher', reason: 'Matrix' },
        }),
        watch: () => table(ledgerEntries),
      },
      ledgerExport: { call: () => ({ route: 'ledgerExport', query: 'format=csv' }) },
      suspiciousFlag: {
        call: async (_kind, allowed) => ({
          route: 'suspiciousFlag',
          params: { id: allowed ? await newLedgerEntry() : ledgerEntry },
          payload: { reason: 'Matrix' },
        }),
        watch: () => table(suspiciousFlags),
      },
      suspiciousList: { call: () => ({ route: 'suspiciousList' }) },
      suspiciousReview: {
        call: async () => ({
          route: 'suspiciousReview',
          params: { id: await newFlag() },
          payload: { decision: 'no_report', note: 'Matrix' },
        }),
        watch: (call) => table(suspiciousFlags, eq(suspiciousFlags.id, Number(call.params?.id))),
      },
      suspiciousExport: { call: () => ({ route: 'suspiciousExport' }) },
      tagSheet: {
        call: () => ({ route: 'tagSheet', payload: { ids: [shared.staff.identifiedQuick] } }),
        watch: () => table(verificationLinks),
      },
      scanResolve: {
        call: (kind) => ({ route: 'scanResolve', params: { id: guestKind(kind) ? guestTag : staffTag } }),
      },
      calibration: { call: () => ({ route: 'calibration' }) },
      calibrationExport: { call: () => ({ route: 'calibrationExport' }) },
      certificateDownload: {
        call: () => ({ route: 'certificateDownload', params: { id: shared.staff.identifiedByAgreement } }),
      },
      certificatePhotos: {
        call: () => ({
          route: 'certificatePhotos',
          params: { id: shared.staff.identifiedByAgreement },
          payload: { photos: null },
        }),
        watch: () => table(commodities, eq(commodities.id, shared.staff.identifiedByAgreement)),
      },
    };

    const mismatches: string[] = [];
    for (const [name, cells] of Object.entries(OTHER_ROUTES) as [keyof typeof OTHER_ROUTES, string][]) {
      for (const [index, kind] of kinds.entries()) {
        const expected = CODE[cells[index] as Letter];
        const { call, watch } = CALLS[name];
        const request = await call(kind, expected === 0);
        const before = expected !== 0 && watch ? await watch(request) : null;
        const answer = await send(callerOf[kind], request);
        if (answer.code !== expected) mismatches.push(`${name} ${kind}: expected ${expected}, got ${answer.code}`);
        else if (before !== null && watch && (await watch(request)) !== before) {
          mismatches.push(`${name} ${kind}: refused, but something changed`);
        }
      }
    }

    // What belongs to someone else is not found, and stays as it was.
    const othersNotice = await newNotice(kit.valuer1.id);
    const foreign: [string, Caller, Call, Letter, (call: Call) => Promise<string>][] = [
      [
        "another user's notification",
        kit.recorder,
        { route: 'userNotificationMarkAsRead', params: { id: othersNotice } },
        'X',
        CALLS.userNotificationMarkAsRead.watch as never,
      ],
      [
        "another member's passkey",
        kit.valuer1,
        { route: 'passkeyRename', params: { id: await newPasskey(kit.recorder) }, payload: { name: 'Stolen' } },
        'X',
        CALLS.passkeyRename.watch as never,
      ],
      [
        "another user's link",
        kit.valuer1,
        { route: 'temporaryLinkRevoke', params: { uuid: staffLink } },
        'X',
        CALLS.temporaryLinkRevoke.watch as never,
      ],
      [
        'a staff inquiry, for a guest recorder',
        guestRecorder,
        { route: 'inquiryClose', params: { id: staffInquiry } },
        'X',
        CALLS.inquiryClose.watch as never,
      ],
      [
        'a staff customer, for a guest recorder',
        guestRecorder,
        { route: 'customerUpdate', params: { id: staffCustomer }, payload: { ...customerBody, address: 'Changed' } },
        'X',
        CALLS.customerUpdate.watch as never,
      ],
      [
        "a staff customer's record, for a guest recorder",
        guestRecorder,
        { route: 'customerDetail', params: { id: staffCustomer } },
        'X',
        CALLS.customerUpdate.watch as never,
      ],
      [
        "a staff item's tag, for a guest valuer",
        guestValuer,
        { route: 'scanResolve', params: { id: staffTag } },
        'K',
        () => table(verificationLinks),
      ],
    ];
    for (const [what, caller, request, letter, watch] of foreign) {
      const before = await watch(request);
      const answer = await send(caller, request);
      if (answer.code !== CODE[letter] || (await watch(request)) !== before) {
        mismatches.push(`${what}: expected ${CODE[letter]} and no change, got ${answer.code}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('leaves no contract route out of the matrix', () => {
    const covered = [...Object.keys(OTHER_ROUTES), ...Object.values(ACTION_ROUTE)];
    expect(covered.sort()).toEqual(Object.keys(routes).sort());
  });
});
