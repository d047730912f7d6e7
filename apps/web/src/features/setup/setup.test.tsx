import { paths } from '@jewel/contract/values/web-paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../../test/render.tsx';
import { DemoBanner } from './components/demo-banner.tsx';
import { SetupScreen } from './components/setup-screen.tsx';

const NOT_SET_UP = { set_up: false, demo: false, name: null };

/** The server: GET /api/setup answers `state`; each POST answers what `posts` says, in turn. */
function serve(state: object, ...posts: { status: number; body: object }[]) {
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    if (init.method === 'GET') return new Response(JSON.stringify({ code: 0, msg: 'ok', data: state }));
    const answer = posts.shift() ?? { status: 500, body: { code: 500, msg: 'no answer', data: null } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posted = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init.body ?? 'null'))]);

/** The setup page as the router shows it (its title comes from the route). */
function renderSetup() {
  const onLeave = vi.fn();
  const router = createMemoryRouter([
    { path: '/', element: <SetupScreen onLeave={onLeave} />, handle: { titleKey: 'common:titles.setup', entry: true } },
  ]);
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onLeave };
}

const errorOf = (name: string) =>
  document.querySelector(`[data-field="${name}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;

async function fillOwnerAndShop() {
  await userEvent.type(await screen.findByLabelText(/^Name/), ' Sato Hanako ');
  await userEvent.type(screen.getByLabelText(/^Mobile number/), '090-1234-5678');
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
  await userEvent.type(screen.getByLabelText(/^Shop name/), 'Ginza Kaitori');
  await userEvent.type(screen.getByLabelText(/^Address/), '1-2-3 Ginza');
  await userEvent.type(screen.getByLabelText(/^Phone/), '03-1234-5678');
  await userEvent.type(screen.getByLabelText(/^Dealer licence/), '第301010001234号');
}

describe('the setup page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves for login when the shop is already set up', async () => {
    serve({ set_up: true, demo: false, name: 'Ginza Kaitori' });
    const { onLeave } = renderSetup();
    await waitFor(() => expect(onLeave).toHaveBeenCalledExactlyOnceWith(false));
    expect(screen.queryByRole('button', { name: 'Set up the shop' })).toBeNull();
  });

  it('asks for every text before calling the server, with the focus on the first', async () => {
    const fetch = serve(NOT_SET_UP);
    const { onLeave } = renderSetup();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Set up your shop');
    await userEvent.click(await screen.findByRole('button', { name: 'Set up the shop' }));
    for (const field of ['owner_name', 'owner_mobile', 'owner_password', 'shop_name', 'shop_licence_no'])
      expect(errorOf(field), field).toBe('Cannot be empty');
    expect(errorOf('shop_languages')).toBeNull();
    expect(document.activeElement?.id).toBe('field-owner_name');
    await userEvent.type(screen.getByLabelText(/^Password/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Set up the shop' }));
    expect(errorOf('owner_password')).toBe('At least 6 characters');
    expect(posted(fetch)).toEqual([]);
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('sends the owner and the shop, then leaves for login', async () => {
    const fetch = serve(NOT_SET_UP, {
      status: 200,
      body: { code: 0, msg: 'ok', data: { set_up: true, demo: false, name: 'Ginza Kaitori' } },
    });
    const { onLeave } = renderSetup();
    await fillOwnerAndShop();
    // The interface's language is chosen; a tap adds Japanese after it.
    await userEvent.click(screen.getByRole('option', { name: '日本語' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set up the shop' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledExactlyOnceWith(false));
    const [[url, body]] = posted(fetch) as [[string, { owner: object; shop: Record<string, unknown> }]];
    expect(url).toBe('/api/setup');
    expect(body.owner).toEqual({ name: 'Sato Hanako', mobile: '090-1234-5678', password: 'secret1' });
    expect(body.shop).toMatchObject({
      name: 'Ginza Kaitori',
      address: '1-2-3 Ginza',
      phone: '03-1234-5678',
      licence_no: '第301010001234号',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      languages: ['en', 'ja'],
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    serve(NOT_SET_UP, {
      status: 400,
      body: { code: 1001, msg: 'Not a mobile number we take', data: { field: 'owner.mobile' } },
    });
    const { onLeave } = renderSetup();
    await fillOwnerAndShop();
    await userEvent.click(screen.getByRole('button', { name: 'Set up the shop' }));
    await waitFor(() => expect(errorOf('owner_mobile')).toBe('Not a mobile number we take'));
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('explores the demo data once confirmed, then leaves for login', async () => {
    const fetch = serve(NOT_SET_UP, {
      status: 200,
      body: { code: 0, msg: 'ok', data: { set_up: true, demo: true, name: null } },
    });
    const { onLeave } = renderSetup();
    await userEvent.click(await screen.findByRole('button', { name: 'Explore with demo data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Explore with demo data?' });
    expect(posted(fetch)).toEqual([]);
    // Once it has opened (it takes no taps while it moves in).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    within(dialog).getByRole('button', { name: 'Use demo data' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onLeave).toHaveBeenCalledExactlyOnceWith(true));
    expect(posted(fetch)).toEqual([['/api/setup/demo', null]]);
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });
});

describe('the demo banner', () => {
  it('says the shop is not a real one, in a named region', async () => {
    renderWithTexts(
      <MemoryRouter initialEntries={[paths.home]}>
        <DemoBanner />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('region', { name: 'Demo data' })).textContent).toBe(
      'Demo data: this is not a real shop',
    );
  });

  it('on the sign-in page, gives the demo sign-ins', async () => {
    renderWithTexts(
      <MemoryRouter initialEntries={[paths.login]}>
        <DemoBanner />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('region', { name: 'Demo data' })).textContent).toBe(
      'Demo data: this is not a real shop' +
        'Sign in as the manager 13800000005, the recorder 13800000001 or a valuer 13800000002 / 13800000003 / 13800000004, password demo123456.',
    );
  });
});
