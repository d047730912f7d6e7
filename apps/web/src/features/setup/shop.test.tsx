import type { ShopChange, ShopDetails, ShopRules } from '@jewel/contract/shop';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { MANAGER } from '../../test/users.ts';
import { ShopScreen } from './components/shop-screen.tsx';

const SELF = MANAGER;

const DETAILS: ShopDetails = {
  name: 'Ginza Kaitori',
  address: '1-2-3 Ginza, Chuo-ku, Tokyo',
  phone: '03-1234-5678',
  licence_no: '第301010001234号',
  currency: 'JPY',
  time_zone: 'Asia/Tokyo',
  languages: ['ja', 'en'],
};

/** The rules the server applies: its environment's, none saved yet. */
/** A shop with no logo and no seal yet. */
const NO_IMAGES = { logo: null, seal: null };

const RULES: ShopRules = {
  identity_check: { always: true, thresholds: {} },
  retention_months: 36,
  watch_ack_single_person: false,
  managers_strong_sign_in: false,
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const CHANGES: ShopChange[] = [
  { field: 'phone', old: '03-0000-0000', new: '03-1234-5678', by: 'Sato Hanako', at: minutesAgo(5) },
  { field: 'languages', old: 'ja', new: 'ja, en', by: 'Tanaka Ken', at: minutesAgo(3 * 60) },
];

type Answer = { status: number; body: object };
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 0, msg: 'ok', data } });

/** The server: GET /api/shop answers `read`; each PUT answers the next of `writes`. */
function serve(read: Answer, ...writes: Answer[]) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    // The page's banners card reads its own list: none here.
    if (init.method === 'GET' && url.endsWith('/api/shop/banners'))
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: [] }), { status: 200 });
    const answer =
      init.method === 'GET'
        ? read
        : (writes.shift() ?? { status: 500, body: { code: 500, msg: 'no answer', data: null } });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const puts = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init.method !== 'GET')
    .map(([url, init]) => [init.method, url, JSON.parse(String(init.body ?? 'null'))]);

/** The shop details page as the router shows it (its title comes from the route). */
function renderShop() {
  const router = createMemoryRouter([
    { path: '/', element: <ShopScreen />, handle: { titleKey: 'common:titles.shop' } },
  ]);
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const inputValue = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;
const errorOf = (name: string) =>
  document.querySelector(`[data-field="${name}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;

describe('the shop details page', { timeout: 20_000 }, () => {
  beforeEach(() => useAuthStore.setState({ token: 'token', user: SELF }));
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, user: null });
  });

  it('opens with the details and lists the latest changes', async () => {
    serve(ok({ rules: RULES, images: NO_IMAGES, details: DETAILS, changes: CHANGES }));
    renderShop();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Shop details');
    expect(await screen.findByDisplayValue('Ginza Kaitori')).toBeTruthy();
    expect(inputValue(/^Address/)).toBe(DETAILS.address);
    expect(inputValue(/^Phone/)).toBe(DETAILS.phone);
    expect(inputValue(/^Dealer licence/)).toBe(DETAILS.licence_no);
    expect(screen.getByLabelText(/^Currency/).textContent).toContain('JPY');
    expect(screen.getByLabelText(/^Time zone/).textContent).toContain('Japan (Tokyo)');
    const chosen = screen
      .getAllByRole('option')
      .filter(
        (option) => option.getAttribute('aria-selected') === 'true' || option.getAttribute('aria-checked') === 'true',
      )
      .map((option) => option.textContent);
    expect(chosen).toEqual(['English', '日本語']);

    const changes = screen.getByRole('region', { name: 'Recent changes' });
    const rows = within(changes).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      // Relative times are held on one line by no-break spaces (lib/format.ts).
      'Phone5\u00a0minutes\u00a0ago03-0000-0000 →  changed to 03-1234-5678Changed by Sato Hanako',
      'Languages3\u00a0hours\u00a0ago日本語 →  changed to 日本語, EnglishChanged by Tanaka Ken',
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('says when nothing has changed yet', async () => {
    serve(ok({ rules: RULES, images: NO_IMAGES, details: DETAILS, changes: [] }));
    renderShop();
    const changes = await screen.findByRole('region', { name: 'Recent changes' });
    expect(within(changes).getByText('No changes yet')).toBeTruthy();
    expect(within(changes).queryByRole('listitem')).toBeNull();
  });

  it('saves the edited details with PUT, then shows the answer', async () => {
    const saved = { ...DETAILS, name: 'Ginza Kaitori Honten', currency: 'JPY', languages: ['ja'] };
    const logged: ShopChange = {
      field: 'name',
      old: DETAILS.name,
      new: saved.name,
      by: 'Sato Hanako',
      at: minutesAgo(0),
    };
    const fetch = serve(
      ok({ rules: RULES, images: NO_IMAGES, details: DETAILS, changes: CHANGES }),
      ok({ rules: RULES, images: NO_IMAGES, details: saved, changes: [logged, ...CHANGES] }),
    );
    renderShop();
    const name = await screen.findByLabelText(/^Shop name/);
    await userEvent.clear(name);
    await userEvent.type(name, ' Ginza Kaitori Honten ');
    // English off: Japanese alone.
    await userEvent.click(screen.getByRole('option', { name: 'English' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(puts(fetch)).toEqual([
      ['PUT', '/api/shop', { ...DETAILS, name: 'Ginza Kaitori Honten', languages: ['ja'] }],
    ]);
    await waitFor(() => expect(document.getElementById('toast-announcer')?.textContent).toBe('Shop details saved'));
    // The form holds the details as kept (trimmed); the new change is listed first.
    expect(inputValue(/^Shop name/)).toBe('Ginza Kaitori Honten');
    const rows = within(screen.getByRole('region', { name: 'Recent changes' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Ginza Kaitori →  changed to Ginza Kaitori Honten');
  });

  it('checks the fields before saving, as the setup page does', async () => {
    const fetch = serve(ok({ rules: RULES, images: NO_IMAGES, details: DETAILS, changes: [] }));
    renderShop();
    await userEvent.clear(await screen.findByLabelText(/^Shop name/));
    await userEvent.click(screen.getByRole('option', { name: 'English' }));
    await userEvent.click(screen.getByRole('option', { name: '日本語' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('shop_name')).toBe('Cannot be empty');
    expect(errorOf('shop_languages')).toBe('Choose at least one language');
    expect(document.activeElement?.id).toBe('field-shop_name');
    expect(puts(fetch)).toEqual([]);
  });

  it("shows the server's refusal under the field it names", async () => {
    serve(ok({ rules: RULES, images: NO_IMAGES, details: DETAILS, changes: [] }), {
      status: 400,
      body: { code: 1001, msg: 'Not a phone number we take', data: { field: 'phone' } },
    });
    renderShop();
    await screen.findByDisplayValue('Ginza Kaitori');
    await userEvent.type(screen.getByLabelText(/^Phone/), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('shop_phone')).toBe('Not a phone number we take'));
  });

  it('tells anyone but a manager whom the page is for, without asking the server', async () => {
    useAuthStore.setState({ user: { ...SELF, is_manager: 0 } });
    const fetch = serve(ok({ rules: RULES, images: NO_IMAGES, details: DETAILS, changes: [] }));
    renderShop();
    expect(await screen.findByRole('heading', { name: 'For managers' })).toBeTruthy();
    expect(screen.getByText(/Only the shop's managers see and change its details/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says the same when the server refuses (managersOnly), the session's copy being out of date", async () => {
    serve({ status: 403, body: { code: 2033, msg: 'For managers only', data: null } });
    renderShop();
    expect(await screen.findByRole('heading', { name: 'For managers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('warns of a missing public address on a local one, checks an address, and saves it on its own', async () => {
    const fetch = serve(
      ok({
        rules: RULES,
        images: NO_IMAGES,
        details: DETAILS,
        public_url: null,
        public_url_warning: true,
        changes: [],
      }),
      ok({
        rules: RULES,
        images: NO_IMAGES,
        details: DETAILS,
        public_url: 'https://ginza.example.jp',
        public_url_warning: false,
        changes: [],
      }),
    );
    renderShop();
    expect(await screen.findByText(/opened at an address of the shop's own network/)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Public address' });
    await userEvent.type(field, 'ginza.example.jp');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(/starts with https:/)).toBeTruthy();
    expect(puts(fetch)).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'https://ginza.example.jp/');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(puts(fetch)).toEqual([['PUT', '/api/shop/public-url', { public_url: 'https://ginza.example.jp/' }]]),
    );
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('https://ginza.example.jp'));
    expect(screen.queryByText(/opened at an address of the shop's own network/)).toBeNull();
  });

  it('shows the rules that apply, checks them, and saves them on their own, each change in words', async () => {
    const own: ShopRules = {
      identity_check: { always: false, thresholds: { JPY: 100_000 } },
      retention_months: 60,
      watch_ack_single_person: true,
      managers_strong_sign_in: false,
    };
    const logged: ShopChange[] = [
      { field: 'identity_check', old: null, new: 'above:JPY=100000', by: 'Sato Hanako', at: minutesAgo(0) },
      { field: 'retention_months', old: null, new: '60', by: 'Sato Hanako', at: minutesAgo(0) },
      { field: 'watch_ack_single_person', old: null, new: 'true', by: 'Sato Hanako', at: minutesAgo(0) },
    ];
    const fetch = serve(
      ok({ rules: RULES, images: NO_IMAGES, details: DETAILS, changes: [] }),
      ok({ rules: own, images: NO_IMAGES, details: DETAILS, changes: logged }),
    );
    renderShop();
    const always = await screen.findByRole('switch', { name: "Check every seller's identity" });
    expect(always.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByLabelText('From (JPY)')).toBeNull();
    expect(inputValue(/^Keep customers' personal data/)).toBe('36');

    await userEvent.click(always);
    await userEvent.type(screen.getByLabelText('From (JPY)'), '100000');
    await userEvent.type(screen.getByLabelText('From (CNY)'), '-5');
    const months = screen.getByLabelText(/^Keep customers' personal data/);
    await userEvent.clear(months);
    await userEvent.type(months, '601');
    await userEvent.click(screen.getByRole('switch', { name: 'One person may acknowledge a watch-list alert' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    // Nothing sent: each wrong field says why, and the first takes the focus.
    expect(screen.getByText('Enter a whole amount, or leave it empty.')).toBeTruthy();
    expect(screen.getByText('Enter whole months from 1 to 600.')).toBeTruthy();
    expect(document.activeElement?.id).toBe('field-threshold_CNY');
    expect(puts(fetch)).toEqual([]);

    await userEvent.clear(screen.getByLabelText('From (CNY)'));
    await userEvent.clear(months);
    await userEvent.type(months, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(puts(fetch)).toEqual([['PUT', '/api/shop/rules', own]]));
    await waitFor(() => expect(document.getElementById('toast-announcer')?.textContent).toBe('Rules saved'));
    const rows = within(screen.getByRole('region', { name: 'Recent changes' })).getAllByRole('listitem');
    expect(
      rows.map((row) =>
        ['field', 'old', 'new', 'by'].map((part) => row.querySelector(`.shop-change__${part}`)?.textContent),
      ),
    ).toEqual([
      ['Identity check', 'Server default', 'From ¥100,000', 'Changed by Sato Hanako'],
      ['Personal data kept', 'Server default', '60 months', 'Changed by Sato Hanako'],
      ['Watch-list acknowledgement', 'Server default', 'One person', 'Changed by Sato Hanako'],
    ]);
  });

  it('sends nothing when nothing has changed, and says so', async () => {
    const fetch = serve(ok({ rules: RULES, images: NO_IMAGES, details: DETAILS, changes: [] }));
    renderShop();
    await screen.findByDisplayValue('Ginza Kaitori');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(document.getElementById('toast-announcer')?.textContent).toBe('Nothing to save: nothing has changed'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(puts(fetch)).toEqual([]);
  });
});
