import type { Branch } from '@jewel/contract/branches';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { MANAGER } from '../../test/users.ts';
import { BranchesScreen } from './components/branches-screen.tsx';

const SHOP = {
  name: 'Jewel Ginza',
  address: '1-1 Ginza, Chuo, Tokyo',
  phone: '03-0000-0000',
  licence_no: 'Tokyo 301',
  time_zone: 'Asia/Tokyo',
  currency: 'JPY' as const,
};
const NONE = { name: null, address: null, phone: null, licence_no: null, time_zone: null, currency: null };

/** Branch 1 takes every detail from the shop; Osaka names its own, its licence and zone aside. */
const first: Branch = {
  id: 1,
  own: NONE,
  details: SHOP,
  closed_at: null,
  staff: 5,
  created_at: '2026-01-01T00:00:00.000Z',
};
const osaka: Branch = {
  id: 2,
  own: { ...NONE, name: 'Umeda', address: '2-2 Umeda, Osaka', phone: '06-1111-1111', licence_no: 'Osaka 77' },
  details: { ...SHOP, name: 'Umeda', address: '2-2 Umeda, Osaka', phone: '06-1111-1111', licence_no: 'Osaka 77' },
  closed_at: null,
  staff: 1,
  created_at: '2026-11-01T00:00:00.000Z',
};
const closedKyoto: Branch = {
  ...osaka,
  id: 3,
  own: { ...osaka.own, name: 'Kyoto', licence_no: null },
  details: { ...osaka.details, name: 'Kyoto', licence_no: SHOP.licence_no },
  closed_at: '2026-11-20T00:00:00.000Z',
  staff: 0,
};

type Answer = { status: number; body: object };
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 0, msg: 'ok', data } });

/** Each GET answers the next of `lists` (the last one again once they run out); each write the next of `writes`. */
function serve(lists: Answer[], ...writes: Answer[]) {
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const answer =
      init.method === 'GET'
        ? ((lists.length > 1 ? lists.shift() : lists[0]) as Answer)
        : (writes.shift() ?? { status: 500, body: { code: 500, msg: 'no answer', data: null } });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init.method !== 'GET')
    .map(([url, init]) => [init.method, url, JSON.parse(String(init.body ?? 'null'))]);

function renderBranches() {
  const router = createMemoryRouter([
    { path: '/', element: <BranchesScreen />, handle: { titleKey: 'common:titles.branches' } },
  ]);
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const cardOf = async (name: string) => (await screen.findByRole('article', { name })) as HTMLElement;

async function shownDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => {
    expect(dialog.contains(document.activeElement), `the focus in "${name}"`).toBe(true);
    for (let node: HTMLElement | null = dialog; node; node = node.parentElement)
      expect(getComputedStyle(node).pointerEvents).not.toBe('none');
  });
  return dialog;
}

describe('the branches page', { timeout: 20_000 }, () => {
  beforeEach(() => useAuthStore.setState({ token: 'token', user: MANAGER }));
  afterEach(async () => {
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, user: null });
  });

  it('lists open branches first, a closed one tagged, each with its address, licence and staff', async () => {
    serve([ok({ items: [closedKyoto, first, osaka] })]);
    renderBranches();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Branches');
    expect(await screen.findByText('2 open branches')).toBeTruthy();
    const names = screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));
    expect(names).toEqual(['branch-1-name', 'branch-2-name', 'branch-3-name']);

    const umeda = await cardOf('Umeda');
    expect(umeda.textContent).toContain('2-2 Umeda, Osaka');
    expect(within(umeda).getByTestId('branch-licence').textContent).toBe('Osaka 77');
    expect(within(umeda).getByTestId('branch-staff').textContent).toBe('1 person');
    expect(umeda.querySelector('[data-tag]')).toBeNull();

    const kyoto = await cardOf('Kyoto');
    expect(kyoto.querySelector('[data-tag="closed"]')?.textContent).toBe('Closed');
    // Its licence is the shop's, and said so.
    expect(within(kyoto).getByTestId('branch-licence').textContent).toBe("Tokyo 301 (the shop's)");
    expect(within(kyoto).getByRole('button', { name: 'Open again: Kyoto' })).toBeTruthy();
  });

  it("opens a branch: empty fields show the shop's values and are sent as the shop's", async () => {
    const fetch = serve([ok({ items: [first] }), ok({ items: [first, osaka] })], ok(osaka));
    renderBranches();
    await cardOf(SHOP.name);
    await userEvent.click(screen.getByRole('button', { name: 'Open a branch' }));
    const sheet = await shownDialog('Open a branch');
    expect(within(sheet).getByLabelText('Licence number').getAttribute('placeholder')).toBe("The shop's: Tokyo 301");
    expect(within(sheet).getByRole('button', { name: /^Currency: / }).textContent).toBe("The shop's: JPY");
    await userEvent.type(within(sheet).getByLabelText('Name'), ' Umeda ');
    await userEvent.type(within(sheet).getByLabelText('Licence number'), 'Osaka 77');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Open branch' }));
    await waitFor(() =>
      expect(writes(fetch)).toEqual([['POST', '/api/branches', { ...NONE, name: 'Umeda', licence_no: 'Osaka 77' }]]),
    );
    expect(await screen.findByText('Branch opened')).toBeTruthy();
    expect(await cardOf('Umeda')).toBeTruthy();
  });

  it("puts the server's refusal of a name under the name", async () => {
    serve([ok({ items: [first] })], {
      status: 409,
      body: { code: 2081, msg: 'An open branch is already called Jewel Ginza', data: null },
    });
    renderBranches();
    await cardOf(SHOP.name);
    await userEvent.click(screen.getByRole('button', { name: 'Open a branch' }));
    const sheet = await shownDialog('Open a branch');
    await userEvent.type(within(sheet).getByLabelText('Name'), 'jewel ginza');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Open branch' }));
    await waitFor(() =>
      expect(document.querySelector('[data-field="name"]')?.querySelector('[role="alert"]')?.textContent).toBe(
        'An open branch is already called Jewel Ginza',
      ),
    );
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
  });

  it('closes a branch once confirmed', async () => {
    const fetch = serve(
      [ok({ items: [first, osaka] }), ok({ items: [first, { ...osaka, closed_at: '2026-11-29T00:00:00.000Z' }] })],
      ok({ ...osaka, closed_at: '2026-11-29T00:00:00.000Z' }),
    );
    renderBranches();
    await userEvent.click(within(await cardOf('Umeda')).getByRole('button', { name: 'Close branch: Umeda' }));
    const confirm = await shownDialog('Close Umeda?');
    expect(confirm.textContent).toContain('its records stay');
    within(confirm).getByRole('button', { name: 'Close branch' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(writes(fetch)).toEqual([['PUT', '/api/branches/2/state', { open: false }]]));
    expect(await screen.findByText('Umeda closed')).toBeTruthy();
    await waitFor(async () => expect((await cardOf('Umeda')).querySelector('[data-tag="closed"]')).toBeTruthy());
  });

  it('says so when there is none, and offers to try again when the list does not load', async () => {
    serve([{ status: 500, body: { code: 500, msg: 'Server error', data: null } }, ok({ items: [] })]);
    renderBranches();
    expect(await screen.findByRole('heading', { name: 'Could not load' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No branches yet' })).toBeTruthy();
  });

  it('tells anyone but a manager whom the page is for, without asking the server', async () => {
    useAuthStore.setState({ user: { ...MANAGER, is_manager: 0 } });
    const fetch = serve([ok({ items: [first] })]);
    renderBranches();
    expect(await screen.findByRole('heading', { name: 'For managers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open a branch' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
