import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 27 item 11, "A shared phone keeps nothing of the last user": what the phone keeps of a
 * user goes when they sign out or someone else signs in; their unsent outbox stays theirs alone.
 * Each "page load" is a fresh module graph over the same storage, as a reload is.
 */

const A = { id: 41, name: 'Recorder A', is_tmp: 0 };
const B = { id: 42, name: 'Recorder B', is_tmp: 0 };
const CUSTOMER = {
  customer_name: '山田 花子',
  customer_phone: '09012345678',
  customer_address: '東京都港区芝公園4-2-8',
};

/** What a user's work leaves in storage besides the register draft (its own tests are enroll-draft-store.test.tsx). */
function keepWorkOf(user: number) {
  localStorage.setItem(
    'jewel-query-cache',
    JSON.stringify({ version: 2, at: Date.now(), user, queries: [{ queryKey: ['commodity', 1], data: { no: 'A1' } }] }),
  );
  localStorage.setItem('jewel-appraisal-draft:7:1:first', JSON.stringify({ report: 'Scratches on the clasp' }));
  localStorage.setItem(
    'jewel-knowledge-searches',
    JSON.stringify({ state: { keywords: ['Rolex 116610'] }, version: 0 }),
  );
  sessionStorage.setItem('jewel-scratch', 'anything');
}

function outboxEntry(userId: number) {
  return {
    key: `key-${userId}`,
    route: 'commodityEnroll',
    body: { idempotency_key: `key-${userId}`, ...CUSTOMER, commodities: [] },
    form: { customer: CUSTOMER },
    title: 'Ring',
    items: 1,
    userId,
    queuedAt: Date.now(),
    refresh: [],
    refusal: null,
  };
}

function queueFor(userId: number) {
  localStorage.setItem('jewel-outbox', JSON.stringify({ state: { entries: [outboxEntry(userId)] }, version: 1 }));
}

async function pageLoad() {
  vi.resetModules();
  const { useAuthStore } = await import('../stores/auth-store.ts');
  const phone = await import('./shared-phone.ts');
  const outbox = await import('./outbox-store.ts');
  /** What a sign-in on the login form or through a guest link does (auth/api/session.ts). */
  const signIn = (user: typeof A) => {
    useAuthStore.getState().signIn({ token: `t${user.id}`, refresh_token: 'r', user } as never);
    return phone.signedIn(user.id);
  };
  return { useAuthStore, signIn, ...phone, ...outbox };
}

const keptWork = () => ({
  queryCache: localStorage.getItem('jewel-query-cache'),
  appraisalDraft: localStorage.getItem('jewel-appraisal-draft:7:1:first'),
  searches: localStorage.getItem('jewel-knowledge-searches'),
  session: sessionStorage.getItem('jewel-scratch'),
});
const NOTHING = { queryCache: null, appraisalDraft: null, searches: null, session: null };

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('a shared phone', () => {
  it('signing out erases what the phone kept of the user, but keeps their unsent outbox for them', async () => {
    const page = await pageLoad();
    await page.signIn(A);
    keepWorkOf(A.id);
    queueFor(A.id);
    page.useAuthStore.getState().clear();
    await page.signedOut();
    expect(keptWork()).toEqual(NOTHING);
    expect(JSON.parse(localStorage.getItem('jewel-outbox') ?? '{}').state.entries).toHaveLength(1);
  });

  it('another user signing in after an expired session finds nothing of the last one; the same user finds their work', async () => {
    const first = await pageLoad();
    await first.signIn(A);
    keepWorkOf(A.id);
    // The session expires (nobody signed out): A signing in again keeps their work.
    first.useAuthStore.getState().clear();
    const again = await pageLoad();
    await again.signIn(A);
    expect(keptWork().appraisalDraft).not.toBeNull();
    expect(keptWork().searches).toContain('Rolex 116610');

    again.useAuthStore.getState().clear();
    const next = await pageLoad();
    await next.signIn(B);
    expect(keptWork()).toEqual(NOTHING);
  });

  it("the last user's unsent outbox is neither shown to, opened by nor sent as the next user, and goes out with its owner", async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(String(init.body));
        return new Promise(() => {});
      }),
    );
    queueFor(A.id);
    const page = await pageLoad();
    await page.signIn(B);
    expect(page.ownEntries(page.useOutbox.getState())).toEqual([]);
    expect(page.findOwnEntry(`key-${A.id}`)).toBeUndefined();
    const { sendOutbox } = await import('./outbox.ts');
    await sendOutbox();
    expect(sent).toEqual([]);
    // Still on the phone for A, who signs in again: it goes out, as A.
    page.useAuthStore.getState().clear();
    await page.signIn(A);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toContain(`key-${A.id}`);
  });
});
