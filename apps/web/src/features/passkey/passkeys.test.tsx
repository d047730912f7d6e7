import type { Passkey } from '@jewel/contract/passkey';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventDefault, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { MANAGER } from '../../test/users.ts';
import { PasskeysScreen } from './components/passkeys-screen.tsx';

// antd-mobile's dialogs take taps once their spring has settled, which happy-dom never draws:
// the focus inside them (shownDialog) says they are there.
const userEvent = userEventDefault.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const browser = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

// Tokyo's clock (the test user's shop): 01:05 UTC is 10:05.
const phone: Passkey = {
  id: 7,
  name: 'Work phone',
  created_at: '2026-11-20T01:05:00.000Z',
  last_used_at: '2026-11-28T06:30:00.000Z',
  backed_up: true,
  device_type: 'multiDevice',
};
const laptop: Passkey = {
  id: 8,
  name: 'Laptop key',
  created_at: '2026-11-21T02:00:00.000Z',
  last_used_at: null,
  backed_up: false,
  device_type: 'singleDevice',
};

const OPTIONS = {
  rp: { name: 'Jewel Appraisal', id: 'localhost' },
  user: { id: 'MQ', name: 'Sato Hanako', displayName: 'Sato Hanako' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
const CREATED = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
};

type Answer = { status: number; body: object };
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 0, msg: 'ok', data } });

/** The server: each GET answers the next of `lists` (the last one again once they run out); each other call the next of `writes`. */
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

const sent = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init.method !== 'GET')
    .map(([url, init]) => [init.method, url, JSON.parse(String(init.body ?? 'null'))]);

function renderPage() {
  const router = createMemoryRouter([
    { path: '/', element: <PasskeysScreen />, handle: { titleKey: 'common:titles.passkeys' } },
  ]);
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Text as read: dates hold together with no-break spaces and word joiners (lib/format.ts). */
const read = (node: Element) => (node.textContent ?? '').replace(/\u2060/g, '').replace(/\u00a0/g, ' ');
const rows = async () => screen.findAllByTestId('passkey-row');
/** What can be tapped: each button's name. */
const buttons = () =>
  screen.queryAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);

/** The dialog named `name`, once it holds the focus. */
async function shownDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.contains(document.activeElement), `the focus in "${name}"`).toBe(true));
  return dialog;
}

describe('the passkeys page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useAuthStore.setState({ token: 'token', user: MANAGER });
    // A browser with WebAuthn, on a page at a name.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startRegistration.mockReset();
  });
  afterEach(async () => {
    // No dialog shown any more (a prompt closed stays in the page, hidden) before the next test.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page goes before the session does: signed out, it would ask for its list again.
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useAuthStore.setState({ token: null, user: null });
  });

  it('lists each passkey with its name, when it was added and last used, and whether it is synced', async () => {
    serve([ok([phone, laptop])]);
    renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Passkeys');
    const [first, second] = await rows();
    if (!first || !second) throw new Error('two rows');
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toBe('Work phone');
    expect(read(first)).toContain('Added Nov 20, 2026, 10:05 AM');
    expect(read(first)).toContain('Last used Nov 28, 2026, 3:30 PM');
    expect(within(first).getByText('Synced')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Rename Work phone' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Remove Work phone' })).toBeTruthy();
    expect(read(second)).toContain('Added Nov 21, 2026, 11:00 AM');
    expect(read(second)).toContain('Not used yet');
    expect(within(second).queryByText('Synced')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  it('says what a passkey is for when there is none yet', async () => {
    serve([ok([])]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No passkeys yet' })).toBeTruthy();
    expect(screen.getByText('Add one on this phone, and sign in with a tap next time.')).toBeTruthy();
  });

  it('adds one: a name offered from the browser, then its prompt, then the server', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const fetch = serve([ok([]), ok([{ ...laptop, id: 9, name: 'Counter iPhone' }])], ok(OPTIONS), ok(laptop));
    browser.startRegistration.mockResolvedValue(CREATED);
    renderPage();
    await screen.findByRole('heading', { name: 'No passkeys yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await shownDialog('Name this passkey');
    const name = within(dialog).getByRole('textbox', { name: 'Name this passkey' }) as HTMLInputElement;
    expect(name.value).toBe('iPhone · Safari');
    await userEvent.clear(name);
    await userEvent.type(name, '  Counter iPhone ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Passkey added')).toBeTruthy();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sent(fetch)).toEqual([
      ['POST', '/api/passkeys/registration/options', null],
      ['POST', '/api/passkeys/registration', { name: 'Counter iPhone', response: CREATED }],
    ]);
    expect(within((await rows())[0] as HTMLElement).getByRole('heading').textContent).toBe('Counter iPhone');
  });

  it('asks for a name of 1 to 40 characters', async () => {
    const fetch = serve([ok([])], ok(OPTIONS));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await shownDialog('Name this passkey');
    await userEvent.clear(within(dialog).getByRole('textbox'));
    await userEvent.type(within(dialog).getByRole('textbox'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Use 1 to 40 characters');
    expect(browser.startRegistration).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(fetch)).toEqual([['POST', '/api/passkeys/registration/options', null]]);
  });

  it('says nothing when the browser prompt is closed, and sends nothing', async () => {
    const fetch = serve([ok([])], ok(OPTIONS));
    browser.startRegistration.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await shownDialog('Name this passkey');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetch)).toEqual([['POST', '/api/passkeys/registration/options', null]]);
    expect(document.querySelector('.adm-toast-mask')).toBeNull();
  });

  it('says so when the server answers passkeysUnavailable, and offers nothing to tap', async () => {
    const message = "Passkeys work only at the shop's own address (or on localhost).";
    serve([ok([phone])], { status: 409, body: { code: 2073, msg: message, data: null } });
    renderPage();
    await rows();
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const notice = await screen.findByRole('status', { name: 'Passkeys cannot be used here' });
    expect(read(notice)).toContain(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(buttons()).toEqual(['Back']);
    // The list stays, to read.
    expect(read((await rows())[0] as HTMLElement)).toContain('Work phone');
  });

  it('says so in a browser without WebAuthn, and asks the server for nothing but the list', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    const fetch = serve([ok([phone])]);
    renderPage();
    await rows();
    const notice = screen.getByRole('status', { name: 'Passkeys cannot be used here' });
    expect(read(notice)).toContain('This browser cannot use passkeys.');
    expect(buttons()).toEqual(['Back']);
    expect(sent(fetch)).toEqual([]);
  });

  it("says passkeys work at the shop's address on a page at an IP address, which WebAuthn refuses", async () => {
    vi.stubGlobal('location', { ...window.location, hostname: '192.168.1.20' });
    const fetch = serve([ok([])]);
    renderPage();
    const notice = await screen.findByRole('status', { name: 'Passkeys cannot be used here' });
    expect(read(notice)).toContain("Passkeys work only at the shop's own address.");
    expect(buttons()).toEqual(['Back']);
    expect(sent(fetch)).toEqual([]);
  });

  it('renames one', async () => {
    const fetch = serve([ok([phone]), ok([{ ...phone, name: 'Old phone' }])], ok({ ...phone, name: 'Old phone' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Work phone' }));
    const dialog = await shownDialog('Rename the passkey');
    const name = within(dialog).getByRole('textbox') as HTMLInputElement;
    expect(name.value).toBe('Work phone');
    await userEvent.clear(name);
    await userEvent.type(name, 'Old phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Passkey renamed')).toBeTruthy();
    expect(sent(fetch)).toEqual([['PUT', '/api/passkeys/7', { name: 'Old phone' }]]);
    await waitFor(async () =>
      expect(within((await rows())[0] as HTMLElement).getByRole('heading').textContent).toBe('Old phone'),
    );
  });

  it('removes one only once the member confirms, naming it', async () => {
    const fetch = serve([ok([phone, laptop]), ok([laptop])], ok(null));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work phone' }));
    let dialog = await shownDialog('Remove “Work phone”?');
    expect(read(dialog)).toContain('It will no longer sign you in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetch)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Work phone' }));
    dialog = await shownDialog('Remove “Work phone”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passkey removed')).toBeTruthy();
    expect(sent(fetch)).toEqual([['DELETE', '/api/passkeys/7', null]]);
    await waitFor(async () =>
      expect((await rows()).map((row) => within(row).getByRole('heading').textContent)).toEqual(['Laptop key']),
    );
  });

  it('tells a guest passkeys are not for temporary accounts, asking the server nothing', async () => {
    useAuthStore.setState({ token: 'token', user: { ...MANAGER, is_tmp: 1, is_manager: 0 } });
    const fetch = serve([ok([])]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Temporary accounts have no passkeys' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
