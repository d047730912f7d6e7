import { parseId } from '@jewel/contract/values/ids';
import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { isManager, useAuthStore } from '../stores/auth-store.ts';
import { page } from './route-page.ts';

/**
 * The staff page's texts and its list start with the navigation, beside its code: the list is
 * the page's largest content, and after the code, then the texts, then the call, it came last
 * (Lighthouse's LCP on the staff list). Only a manager's session asks the server.
 */
function startStaffCalls() {
  void import('../features/staff/staff-texts.ts').then(() => loadNamespaces(['staff']));
  if (!isManager(useAuthStore.getState())) return;
  void import('../lib/staff-list.ts').then(({ staffListOptions }) => queryClient.prefetchQuery(staffListOptions()));
  // Where each member works, when the shop has several branches (issue 32).
  void import('../lib/branch-list.ts').then(({ branchListOptions }) => queryClient.prefetchQuery(branchListOptions()));
}

/** The branches page's texts and its list start with the navigation too (as the staff page's). */
function startBranchCalls() {
  void Promise.all([import('../features/branches/branches-texts.ts'), import('../features/setup/setup-texts.ts')]).then(
    () => loadNamespaces(['branches', 'setup']),
  );
  if (!isManager(useAuthStore.getState())) return;
  void import('../lib/branch-list.ts').then(({ branchListOptions }) => queryClient.prefetchQuery(branchListOptions()));
}

/** The catalog page's texts and its product list start with the navigation too (as the staff page's). */
function startCatalogCalls() {
  void import('../features/catalog/catalog-texts.ts').then(() => loadNamespaces(['catalog']));
  if (!isManager(useAuthStore.getState())) return;
  void import('../features/catalog/api/catalog-queries.ts').then(({ catalogProductsOptions }) =>
    queryClient.prefetchQuery(catalogProductsOptions('')),
  );
}

/** The audit page's texts and its first page start with the navigation too (as the staff page's). */
function startAuditCalls(url: URL) {
  void import('../features/audit/audit-texts.ts').then(() => loadNamespaces(['audit']));
  if (!isManager(useAuthStore.getState())) return;
  void Promise.all([
    import('../features/audit/api/audit-queries.ts'),
    import('../features/audit/audit-filter.ts'),
  ]).then(([{ auditListOptions }, { auditFilterFromSearch }]) =>
    queryClient.prefetchInfiniteQuery(auditListOptions(auditFilterFromSearch(url.searchParams))),
  );
}

/** A signed-out visit is sent to sign in by the session guard: its page's calls are not started. */
const signedIn = () => Boolean(useAuthStore.getState().token);

/** The passkeys page's texts and list start with the navigation too (as the staff page's); a guest has none. */
function startPasskeyCalls() {
  void import('../features/passkey/passkey-texts.ts').then(() => loadNamespaces(['passkey']));
  if (!signedIn() || useAuthStore.getState().user?.is_tmp === 1) return;
  void import('../features/passkey/api/passkey-queries.ts').then(({ passkeyListOptions }) =>
    queryClient.prefetchQuery(passkeyListOptions()),
  );
}

/** The sign-in providers' page: its texts, the providers and the member's bindings, beside its code. */
function startSignInMethodCalls() {
  void import('../lib/sign-in-provider-texts.ts').then(() => loadNamespaces(['sign-in-provider']));
  if (!signedIn() || useAuthStore.getState().user?.is_tmp === 1) return;
  void Promise.all([
    import('../lib/sign-in-providers.ts'),
    import('../features/sign-in-provider/api/binding-calls.ts'),
  ]).then(([{ providerMethodsOptions }, { bindingListOptions }]) =>
    Promise.all([queryClient.prefetchQuery(providerMethodsOptions()), queryClient.prefetchQuery(bindingListOptions())]),
  );
}

/**
 * An item's page (`?id=`) asks for the item with the navigation, beside its code: on a first
 * visit the call otherwise waited for four levels of the page's code (0.4–1.9 s into the load
 * on the CI machine; measurements.md "Journeys with reduced motion").
 */
function startItemCall(url: URL) {
  const id = parseId(url.searchParams.get('id'));
  if (id === null || !signedIn()) return;
  void import('../features/commodity/api/commodity-queries.ts').then(({ commodityDetailOptions }) =>
    queryClient.prefetchQuery(commodityDetailOptions(id)),
  );
}

/** The item list: its first page, for the tab, scope and keyword its address holds. */
function startListCall(url: URL) {
  if (!signedIn()) return;
  void import('../features/commodity/api/commodity-queries.ts').then(({ commodityListFilters, commodityListOptions }) =>
    queryClient.prefetchInfiniteQuery(commodityListOptions(commodityListFilters(url.searchParams))),
  );
}

/** An appraisal page: the item, and the choices, materials and shop rules its form needs (appraisal-page.ts). */
function startAppraisalCalls(url: URL) {
  startItemCall(url);
  if (!signedIn()) return;
  void Promise.all([
    import('../features/appraisal/api/appraisal-queries.ts'),
    import('../lib/catalog.ts'),
    import('../lib/shop-settings.ts'),
  ]).then(([{ appraisalOptions }, { materialsOptions }, { shopSettingsOptions }]) =>
    Promise.all([
      queryClient.prefetchQuery(appraisalOptions()),
      queryClient.prefetchQuery(materialsOptions()),
      queryClient.prefetchQuery(shopSettingsOptions()),
    ]),
  );
}

/**
 * The signed-in sub-pages, added under the session guard (`router.tsx`) the first time the app
 * goes to a path its first table does not know: their list and what each one loads stay out of
 * the app's entry.
 */
export const sessionRoutes: RouteObject[] = [
  page('userInfo', () => import('./routes/user-info.tsx')),
  page('updatePassword', () => import('./routes/update-password.tsx')),
  // Its texts add themselves (features/passkey/passkey-texts.ts) and load with its list, beside its code.
  page('passkeys', () => import('./routes/passkeys.tsx'), { start: startPasskeyCalls }),
  page('signInMethods', () => import('./routes/sign-in-methods.tsx'), { start: startSignInMethodCalls }),
  page('notifications', () => import('./routes/notifications.tsx')),
  page('notificationDetail', () => import('./routes/notification-detail.tsx')),
  page('inquiryRegister', () => import('./routes/inquiry-register.tsx')),
  page('inquiryList', () => import('./routes/inquiry-list.tsx')),
  page('restock', () => import('./routes/restock.tsx')),
  page('watchList', () => import('./routes/watch-list.tsx'), { texts: ['watch'] }),
  page('ledger', () => import('./routes/ledger.tsx'), { texts: ['ledger'] }),
  page('ledgerEntry', () => import('./routes/ledger-entry.tsx'), { texts: ['ledger'] }),
  page('calibration', () => import('./routes/calibration.tsx'), { texts: ['calibration'] }),
  page('knowSearch', () => import('./routes/know-search.tsx')),
  page('knowDetail', () => import('./routes/know-detail.tsx')),
  page('temporaryLink', () => import('./routes/temporary-link.tsx')),
  page('temporaryRecord', () => import('./routes/temporary-record.tsx')),
  page('commodityList', () => import('./routes/commodity-list.tsx'), { start: startListCall }),
  page('commodityDetail', () => import('./routes/commodity-detail.tsx'), { start: startItemCall }),
  page('commodityDistribute', () => import('./routes/commodity-distribute.tsx')),
  page('assumeNaming', () => import('./routes/assume-naming.tsx'), { start: startItemCall }),
  page('flowIdentify', () => import('./routes/flow-identify.tsx'), { start: startItemCall }),
  page('revisitList', () => import('./routes/revisit-list.tsx')),
  page('commodityIdentify', () => import('./routes/commodity-identify.tsx'), { start: startAppraisalCalls }),
  page('flowComprehensive', () => import('./routes/flow-comprehensive.tsx'), { start: startAppraisalCalls }),
  page('commodityRecycle', () => import('./routes/commodity-recycle.tsx'), { start: startItemCall }),
  page('commodityEnroll', () => import('./routes/commodity-enroll.tsx')),
  page('commodityUpdate', () => import('./routes/commodity-update.tsx'), { start: startItemCall }),
  page('informationDetail', () => import('./routes/information-detail.tsx')),
  page('subtotalCreate', () => import('./routes/subtotal-create.tsx')),
  page('subtotalDetail', () => import('./routes/subtotal-detail.tsx')),
  page('subtotalList', () => import('./routes/subtotal-list.tsx')),
  page('customerList', () => import('./routes/customer-list.tsx'), { texts: ['customer'] }),
  page('customerDetail', () => import('./routes/customer-detail.tsx'), { texts: ['customer', 'commodity'] }),
  page('tags', () => import('./routes/tags.tsx'), { texts: ['tag', 'commodity'] }),
  page('scan', () => import('./routes/scan.tsx'), { texts: ['tag'] }),
  page('outbox', () => import('./routes/outbox.tsx'), { texts: ['offline'] }),
  // Its texts add themselves (features/staff/staff-texts.ts) and load with its list, beside its code.
  page('staff', () => import('./routes/staff.tsx'), { start: startStaffCalls }),
  // Its texts (shop, and setup for its fields) add themselves with its code, then load.
  page('shop', () => import('./routes/shop.tsx')),
  // Its texts (branches, and setup for its zones) add themselves with its code and load with its list.
  page('branches', () => import('./routes/branches.tsx'), { start: startBranchCalls }),
  // Its texts add themselves (features/catalog/catalog-texts.ts) and load with its list, beside its code.
  page('catalog', () => import('./routes/catalog.tsx'), { start: startCatalogCalls }),
  // Its texts add themselves (features/audit/audit-texts.ts) and load with its first page, beside its code.
  page('audit', () => import('./routes/audit.tsx'), { start: startAuditCalls }),
  // Its texts add themselves with its code (features/operations/operations-texts.ts), then load.
  page('operations', () => import('./routes/operations.tsx')),
  // Their texts add themselves with their code (features/knowledge/knowledge-admin-texts.ts), then load.
  page('knowledgeAdmin', () => import('./routes/knowledge-admin.tsx'), { texts: ['knowledge'] }),
  page('knowledgeEditor', () => import('./routes/knowledge-editor.tsx'), { texts: ['knowledge'] }),
];

/**
 * Public pages seldom opened, added the same way beside sign-in (the frame's route): the setup
 * page opens once in a shop's life (issue 28), and in the first table its route and what it
 * loads cost every page's first load about 180 bytes (check:size).
 */
export const publicRoutes: RouteObject[] = [
  // Its texts add themselves with its code (features/setup/setup-texts.ts), then load.
  page('setup', () => import('./routes/setup.tsx'), { entry: true }),
  // A sign-in provider's way back (ADR 0103): signed out when it signs in, signed in when it binds.
  page('loginProvider', () => import('./routes/login-provider.tsx'), { entry: true }),
];
