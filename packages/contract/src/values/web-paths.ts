/**
 * The web app's routes (SPEC.md §2), once, for the web app's router and for the links the server
 * writes (notifications). Pages take query-string parameters only.
 */
export const paths = {
  root: '/',
  home: '/pages/home/index',
  know: '/pages/know/index',
  knowSearch: '/pages/know/search',
  information: '/pages/information/index',
  userCenter: '/pages/userCenter/index',
  login: '/pages/login/index',
  /** Where a sign-in provider sends the browser back with its code (docs/adr/0103). */
  loginProvider: '/pages/login/provider',
  assumeNaming: '/pages-sub/assumeNaming/index',
  commodityEnroll: '/pages-sub/commodityEnroll/index',
  commodityDistribute: '/pages-sub/commodityDistribute/index',
  commodityList: '/pages-sub/commodityList/index',
  commodityDetail: '/pages-sub/commodityDetail/index',
  commodityUpdate: '/pages-sub/commodityUpdate/index',
  commodityIdentify: '/pages-sub/commodityIdentify/index',
  commodityRecycle: '/pages-sub/commodityRecycle/index',
  flowIdentify: '/pages-sub/flowIdentify/index',
  flowComprehensive: '/pages-sub/flowIdentify/comprehensive',
  revisitList: '/pages-sub/revisitList/index',
  informationDetail: '/pages-sub/information/informationDetail',
  subtotalCreate: '/pages-sub/information/subtotalCreate',
  subtotalDetail: '/pages-sub/information/subtotalDetail',
  subtotalList: '/pages-sub/information/subtotalList',
  knowDetail: '/pages-sub/knowDetail/index',
  notifications: '/pages-sub/notifications/index',
  notificationDetail: '/pages-sub/notifications/detail',
  inquiryRegister: '/pages-sub/productInquiry/register',
  inquiryList: '/pages-sub/productInquiry/registerList',
  restock: '/pages-sub/restock/index',
  watchList: '/pages-sub/watchList/index',
  ledger: '/pages-sub/ledger/index',
  ledgerEntry: '/pages-sub/ledger/entry',
  temporary: '/pages-sub/temporary/index',
  temporaryLink: '/pages-sub/temporary/link',
  temporaryExpire: '/pages-sub/temporary/expire',
  temporaryRecord: '/pages-sub/temporary/record',
  userInfo: '/pages-sub/user/index',
  updatePassword: '/pages-sub/user/updatePassword',
  /** The member's passkeys (ADR 0103): added, renamed, removed. */
  passkeys: '/pages-sub/user/passkeys',
  /** The member's accounts at sign-in providers (ADR 0103): bound, unbound. */
  signInMethods: '/pages-sub/user/signInMethods',
  customerList: '/pages-sub/customer/index',
  customerDetail: '/pages-sub/customer/detail',
  calibration: '/pages-sub/calibration/index',
  scan: '/pages-sub/scan/index',
  tags: '/pages-sub/tags/index',
  outbox: '/pages-sub/outbox/index',
  /** An empty shop's first page (issue 28): gone once it is set up. */
  setup: '/pages-sub/setup/index',
  /** The shop's staff, for its managers (issue 28). */
  staff: '/pages-sub/staff/index',
  /** The shop's details, for its managers (issue 28). */
  shop: '/pages-sub/shop/index',
  /** The shop's branches, for their managers (issue 32, docs/adr/0105). */
  branches: '/pages-sub/branches/index',
  /** The catalog's files, for its managers (issue 28). */
  catalog: '/pages-sub/catalog/index',
  /** The audit trail, for its managers (issue 28). */
  audit: '/pages-sub/audit/index',
  /** The server's state and its backups, for its managers (issue 28). */
  operations: '/pages-sub/operations/index',
  /** The knowledge articles, unpublished ones too, for its managers (issue 28). */
  knowledgeAdmin: '/pages-sub/knowledgeAdmin/index',
  /** One article's editor (`?id=`; none: a new one), for its managers (issue 28). */
  knowledgeEditor: '/pages-sub/knowledgeAdmin/edit',
} as const;

export type PathName = keyof typeof paths;

/** The tab pages, in tab bar order (SPEC.md §2). */
export const tabPaths = [paths.home, paths.know, paths.information, paths.userCenter] as const;

// Both runtimes have it; the contract is type-checked with neither the DOM's types nor Node's.
declare const URLSearchParams: new () => { set(key: string, value: string): void; toString(): string };

/** A path with query parameters: `withQuery(paths.commodityDetail, { id: 7 })`. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** `/t_r<uuid>` or `/t_v<uuid>` anywhere in a path opens the guest entry (SPEC.md §2). */
export function guestEntryFrom(pathname: string): string | null {
  const match = /t_([rv])([0-9a-f-]{36})/i.exec(pathname);
  if (!match) return null;
  return withQuery(paths.temporary, { role: match[1] === 'r' ? 'recorder' : 'valuers', id: match[2] });
}
