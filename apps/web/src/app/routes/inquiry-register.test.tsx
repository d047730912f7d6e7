import type { UserInfo } from '@jewel/contract/user';
import { paths } from '@jewel/contract/values/web-paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InquiryDraft } from '../../features/inquiry/components/inquiry-form.tsx';
import { type OutboxEntry, useOutbox } from '../../lib/outbox-store.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { setNetwork } from '../../stores/network-store.ts';
import { renderWithTexts } from '../../test/render.tsx';
import InquiryRegisterRoute from './inquiry-register.tsx';

/**
 * Issue 29 item 13: a price inquiry still waiting in the outbox opens in its form, showing what
 * was queued; saved again it takes its own place (one entry, its key), and left unsaved it waits
 * as it was. Nothing sends it while the form has it.
 */

const USER_ID = 7;
const FORM: InquiryDraft = {
  customer_name: 'Lin',
  contact: 'wechat: lin',
  brand_id: null,
  product_id: null,
  product_name: 'Kelly 28',
  photos: [],
  source: 'wechat',
  urgent: false,
  remark: '',
};
const waiting: OutboxEntry = {
  key: 'k-waiting',
  route: 'inquiryCreate',
  body: { ...FORM, idempotency_key: 'k-waiting' },
  form: FORM,
  title: FORM.product_name,
  items: 1,
  userId: USER_ID,
  queuedAt: Date.parse('2026-11-28T01:00:00Z'),
  refresh: [],
  refusal: null,
};

function renderOpened() {
  const router = createMemoryRouter(
    [
      {
        path: paths.inquiryRegister,
        element: <InquiryRegisterRoute />,
        handle: { titleKey: 'common:titles.inquiryRegister' },
      },
      { path: paths.outbox, element: <p>The outbox</p> },
      { path: paths.inquiryList, element: <p>The inquiries</p> },
    ],
    { initialEntries: [`${paths.inquiryRegister}?outbox=${waiting.key}`] },
  );
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const productName = () => screen.findByRole('textbox', { name: 'Item' });

/** No network: every call fails as the browser fails it. */
const offline = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );

/** The server: the catalog and the dictionary answer empty lists, a new inquiry its id. */
function online() {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    Response.json({ code: 0, msg: '', data: String(url).includes('brands') ? [] : { id: 1 } }),
  );
  vi.stubGlobal('fetch', fetch);
  setNetwork(true);
  return fetch;
}

describe('a waiting inquiry opened from the outbox', () => {
  beforeEach(() => {
    offline();
    useAuthStore.setState({ user: { id: USER_ID } as UserInfo });
    setNetwork(false);
    useOutbox.setState({ entries: [waiting], sending: null, editing: null, sent: [] });
  });
  afterEach(() => {
    useOutbox.setState({ entries: [], sending: null, editing: null, sent: [] });
    setNetwork(true);
    useAuthStore.setState({ user: null });
    vi.unstubAllGlobals();
  });

  it('shows what was queued, held back, and saved again offline replaces itself under its key', async () => {
    const router = renderOpened();
    const name = await productName();
    expect((name as HTMLTextAreaElement).value).toBe('Kelly 28');
    expect(useOutbox.getState().editing).toBe(waiting.key);

    await userEvent.clear(name);
    await userEvent.type(name, 'Kelly 32');
    await userEvent.click(screen.getByRole('button', { name: 'Register inquiry' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.outbox));
    const entries = useOutbox.getState().entries;
    expect(entries.map((entry) => [entry.key, entry.body.product_name, entry.body.idempotency_key])).toEqual([
      [waiting.key, 'Kelly 32', waiting.key],
    ]);
    expect(useOutbox.getState().editing).toBeNull();
  });

  it('saved online, is sent once under its key and leaves the outbox', async () => {
    const router = renderOpened();
    const name = await productName();
    // The network returns while it is open: the outbox leaves it to the form.
    const fetch = online();
    await userEvent.type(name, ' Epsom');
    await userEvent.click(screen.getByRole('button', { name: 'Register inquiry' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.inquiryList));
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url, init]) => [url, JSON.parse(String(init?.body))])).toEqual([
      ['/api/inquiries', expect.objectContaining({ idempotency_key: waiting.key, product_name: 'Kelly 28 Epsom' })],
    ]);
    expect(useOutbox.getState()).toMatchObject({ entries: [], editing: null });
  });

  it('left without saving, waits in the outbox as it was', async () => {
    const router = renderOpened();
    const name = await productName();
    await userEvent.type(name, ' (changed)');
    await router.navigate(paths.inquiryList);
    await screen.findByText('The inquiries');
    expect(useOutbox.getState().entries).toEqual([waiting]);
    expect(useOutbox.getState().editing).toBeNull();
  });

  it('is not opened when it started going out, and says so', async () => {
    useOutbox.setState({ sending: waiting.key });
    const router = renderOpened();
    expect(await screen.findByText('It is being sent already: the server answers it.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.outbox));
    expect(useOutbox.getState().editing).toBeNull();
  });
});
