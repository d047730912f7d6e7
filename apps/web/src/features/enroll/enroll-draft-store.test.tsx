import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 27 item 11, "A shared phone keeps nothing of the last user": the register draft
 * (customer name, phone, address) belongs to the user who typed it, like the outbox's entries.
 * Each "page load" below is a fresh module graph over the same localStorage, as a reload is.
 */

const DRAFT_KEY = 'jewel-commodity';
const A = { id: 41, name: 'Recorder A', is_tmp: 0 };
const B = { id: 42, name: 'Recorder B', is_tmp: 0 };
const GUEST = { id: 901, name: 'Guest recorder', is_tmp: 1 };
const EMPTY = { customer_name: '', customer_phone: '', customer_address: '' };
const TYPED = { customer_name: '山田 花子', customer_phone: '09012345678', customer_address: '東京都港区芝公園4-2-8' };

async function pageLoad() {
  vi.resetModules();
  const { useAuthStore } = await import('../../stores/auth-store.ts');
  const { useEnrollDraft } = await import('./enroll-draft-store.ts');
  const signIn = (user: typeof A) =>
    useAuthStore.getState().signIn({ token: `t${user.id}`, refresh_token: 'r', user } as never);
  return { useAuthStore, useEnrollDraft, signIn };
}

/** What A typed is nowhere in the phone's storage. */
function expectNothingOfA() {
  const everything = JSON.stringify({ ...localStorage });
  for (const value of Object.values(TYPED)) expect(everything).not.toContain(value);
}

afterEach(() => localStorage.clear());

describe('the register draft on a shared phone', () => {
  it('the owner gets their draft back after a reload, and after a session that expired', async () => {
    const first = await pageLoad();
    first.signIn(A);
    first.useEnrollDraft.getState().setCustomer(TYPED);

    const reloaded = await pageLoad();
    expect(reloaded.useEnrollDraft.getState().customer).toEqual(TYPED);

    // The session ends by itself (expired, revoked): nobody chose to sign out.
    reloaded.useAuthStore.getState().clear();
    const afterExpiry = await pageLoad();
    afterExpiry.signIn(A);
    expect(afterExpiry.useEnrollDraft.getState().customer).toEqual(TYPED);
  });

  it('another user signing in after an expired session opens an empty form, and the draft is erased', async () => {
    const first = await pageLoad();
    first.signIn(A);
    first.useEnrollDraft.getState().setCustomer(TYPED);
    first.useAuthStore.getState().clear();

    // B signs in on the same phone without A signing out, then opens the register form.
    const next = await pageLoad();
    next.signIn(B);
    expect(next.useEnrollDraft.getState().customer).toEqual(EMPTY);
    expectNothingOfA();
  });

  it('a draft another user left is not taken when the page loads for the one signed in', async () => {
    const first = await pageLoad();
    first.signIn(A);
    first.useEnrollDraft.getState().setCustomer(TYPED);
    // B's session is on the phone before the register page's code loads.
    first.signIn(B);
    const next = await pageLoad();
    expect(next.useEnrollDraft.getState().customer.customer_name).toBe('');
    expectNothingOfA();
  });

  it('a draft kept before drafts had owners is not given to anyone', async () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ state: { idempotencyKey: 'k', customer: TYPED, commodities: [] }, version: 1 }),
    );
    const page = await pageLoad();
    page.signIn(B);
    expect(page.useEnrollDraft.getState().customer.customer_name).toBe('');
    expectNothingOfA();
  });

  it('a guest recorder signing in on the same page never gets the draft', async () => {
    const page = await pageLoad();
    page.signIn(A);
    page.useEnrollDraft.getState().setCustomer(TYPED);
    page.useAuthStore.getState().clear();
    page.signIn(GUEST);
    expect(page.useEnrollDraft.getState().customer).toEqual(EMPTY);
    expectNothingOfA();
  });

  it('signing out erases the draft from the phone', async () => {
    const page = await pageLoad();
    page.signIn(A);
    page.useEnrollDraft.getState().setCustomer(TYPED);
    // What the profile page's "Sign out" does once the server answered (auth-mutations.ts).
    page.useAuthStore.getState().clear();
    const { signedOut } = await import('../../lib/shared-phone.ts');
    await signedOut();
    expect(page.useEnrollDraft.getState().customer.customer_name).toBe('');
    expectNothingOfA();
    // A signing in again starts anew too: they chose to leave.
    const again = await pageLoad();
    again.signIn(A);
    expect(again.useEnrollDraft.getState().customer.customer_name).toBe('');
  });
});
