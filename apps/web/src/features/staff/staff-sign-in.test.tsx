import type { StaffMember, StaffSignIn } from '@jewel/contract/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { MANAGER } from '../../test/users.ts';
import { StaffScreen } from './components/staff-screen.tsx';

const member = (fields: Partial<StaffMember> & Pick<StaffMember, 'id' | 'name'>): StaffMember => ({
  mobile: `0900000000${fields.id}`,
  roles: ['valuers'],
  manager: false,
  owner: false,
  is_enabled: true,
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  branch_ids: [1],
  ...fields,
});
const self = member({ id: 1, name: 'Sato Hanako', roles: ['recorder'], manager: true, owner: true });
const valuer = member({ id: 2, name: 'Li Lei' });

const methods: StaffSignIn = {
  email: null,
  passkeys: [
    {
      id: 7,
      name: 'Work phone',
      created_at: '2026-03-01T01:00:00.000Z',
      last_used_at: null,
      backed_up: true,
      device_type: 'multiDevice',
    },
  ],
  bindings: [
    {
      provider: 'line',
      name: 'LINE',
      created_at: '2026-03-02T01:00:00.000Z',
      last_used_at: '2026-03-03T01:00:00.000Z',
    },
  ],
};

type Answer = { status: number; body: object };
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 0, msg: 'ok', data } });

/**
 * The server: the staff list, then each member's sign-in methods from `signIn` (a function of the
 * call, for the answers that change); every other call answers the next of `writes`.
 */
function serve(signIn: (url: string) => Answer, ...writes: Answer[]) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const answer =
      init.method !== 'GET'
        ? (writes.shift() ?? { status: 500, body: { code: 500, msg: 'no answer', data: null } })
        : url.endsWith('/sign-in')
          ? signIn(url)
          : url.endsWith('/api/branches')
            ? ok({ items: [] })
            : ok({ items: [self, valuer] });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init.method !== 'GET')
    .map(([url, init]) => [init.method, url, JSON.parse(String(init.body ?? 'null'))]);

function renderStaff() {
  const router = createMemoryRouter([
    { path: '/', element: <StaffScreen />, handle: { titleKey: 'common:titles.staff' } },
  ]);
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The dialog or sheet named `name`, once it has moved in (it takes no taps until then) and holds the focus. */
async function shownDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => {
    expect(dialog.contains(document.activeElement), `the focus in "${name}"`).toBe(true);
    for (let node: HTMLElement | null = dialog; node; node = node.parentElement)
      expect(getComputedStyle(node).pointerEvents).not.toBe('none');
    // A centred dialog's body moves in inside its role=dialog.
    expect(dialog.querySelector('[style*="pointer-events: none"]')).toBeNull();
  });
  return dialog;
}

async function openSignIn(name: string) {
  const card = (await screen.findByRole('article', { name })) as HTMLElement;
  await userEvent.click(within(card).getByRole('button', { name: `Sign-in: ${name}` }));
  const sheet = await shownDialog(`How ${name} signs in`);
  await within(sheet).findByText('Work e-mail');
  return sheet;
}

describe("a member's sign-in methods on the staff page", { timeout: 20_000 }, () => {
  beforeEach(() => useAuthStore.setState({ token: 'token', user: MANAGER }));
  afterEach(async () => {
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, user: null });
  });

  it('shows the e-mail, the passkeys and the providers, and sets the e-mail', async () => {
    const fetch = serve(() => ok(methods), ok({ ...methods, email: 'ann@shop.example' }));
    renderStaff();
    const sheet = await openSignIn('Li Lei');
    expect(within(sheet).getByTestId('staff-email').textContent).toBe('None');
    const [passkey] = within(sheet).getAllByTestId('staff-passkey');
    expect(passkey?.textContent).toContain('Work phone');
    expect(passkey?.textContent).toContain('Synced');
    expect(passkey?.textContent).toContain('Never used');
    const [binding] = within(sheet).getAllByTestId('staff-binding');
    expect(binding?.textContent).toContain('LINE');
    expect(binding?.textContent).toContain('Last used');
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/staff/2/sign-in');

    await userEvent.click(within(sheet).getByRole('button', { name: "Edit Li Lei's work e-mail" }));
    const prompt = await shownDialog("Li Lei's work e-mail");
    const input = within(prompt).getByRole('textbox');
    expect(input.getAttribute('inputmode')).toBe('text');
    // A typo is caught before it is sent.
    await userEvent.type(input, 'ann-at-shop');
    await userEvent.click(within(prompt).getByRole('button', { name: 'OK' }));
    expect(await within(prompt).findByText('Enter an e-mail such as name@shop.example')).toBeTruthy();
    expect(writes(fetch)).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, ' Ann@Shop.example ');
    await userEvent.click(within(prompt).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(writes(fetch)).toEqual([['PUT', '/api/staff/2/email', { email: 'Ann@Shop.example' }]]));
    await waitFor(() => expect(within(sheet).getByTestId('staff-email').textContent).toBe('ann@shop.example'));
    expect(await screen.findByText('E-mail saved')).toBeTruthy();
  });

  it('keeps the dialog open when the e-mail is another member’s', async () => {
    const fetch = serve(() => ok(methods), {
      status: 409,
      body: { code: 2051, msg: 'This e-mail is already another staff member’s.', data: null },
    });
    renderStaff();
    const sheet = await openSignIn('Li Lei');
    await userEvent.click(within(sheet).getByRole('button', { name: "Edit Li Lei's work e-mail" }));
    const prompt = await shownDialog("Li Lei's work e-mail");
    await userEvent.type(within(prompt).getByRole('textbox'), 'taken@shop.example');
    await userEvent.click(within(prompt).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('This e-mail is already another staff member’s.')).toBeTruthy();
    expect(writes(fetch)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: "Li Lei's work e-mail" })).toBeTruthy();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
  });

  it('removes a passkey and unbinds a provider, each after a confirmation', async () => {
    const fetch = serve(
      () => ok(methods),
      ok({ ...methods, passkeys: [] }),
      ok({ ...methods, passkeys: [], bindings: [] }),
    );
    renderStaff();
    const sheet = await openSignIn('Li Lei');

    await userEvent.click(within(sheet).getByRole('button', { name: 'Remove the passkey Work phone' }));
    const confirmRemove = await shownDialog('Remove the passkey “Work phone”?');
    expect(confirmRemove.textContent).toContain('Li Lei can no longer sign in with it');
    await userEvent.click(within(confirmRemove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(sheet).queryByTestId('staff-passkey')).toBeNull());
    expect(within(sheet).getByText('No passkeys')).toBeTruthy();

    await userEvent.click(within(sheet).getByRole('button', { name: 'Unbind LINE' }));
    const confirmUnbind = await shownDialog('Unbind LINE?');
    await userEvent.click(within(confirmUnbind).getByRole('button', { name: 'Unbind' }));
    // Neither left: the password only.
    expect(await within(sheet).findByRole('heading', { name: 'Password only' })).toBeTruthy();
    expect(writes(fetch)).toEqual([
      ['DELETE', '/api/staff/2/passkeys/7', null],
      ['DELETE', '/api/staff/2/sign-in-bindings/line', null],
    ]);
  });

  it('cancelled, removes nothing', async () => {
    const fetch = serve(() => ok(methods));
    renderStaff();
    const sheet = await openSignIn('Li Lei');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Unbind LINE' }));
    const confirm = await shownDialog('Unbind LINE?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unbind LINE?' })).toBeNull());
    expect(writes(fetch)).toEqual([]);
    expect(within(sheet).getAllByTestId('staff-binding')).toHaveLength(1);
  });

  it("shows one's own methods to read, with nothing to change", async () => {
    serve(() => ok({ ...methods, email: 'sato@shop.example' }));
    renderStaff();
    const sheet = await openSignIn('Sato Hanako');
    expect(within(sheet).getByTestId('staff-email').textContent).toBe('sato@shop.example');
    expect(within(sheet).getByText('Your own account is changed by another manager.')).toBeTruthy();
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Close']);
  });

  it('offers to try again when the methods do not load', async () => {
    let failing = true;
    const fetch = serve(() =>
      failing ? { status: 500, body: { code: 500, msg: 'Server error', data: null } } : ok(methods),
    );
    renderStaff();
    const card = (await screen.findByRole('article', { name: 'Li Lei' })) as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Sign-in: Li Lei' }));
    const sheet = await shownDialog('How Li Lei signs in');
    expect(await within(sheet).findByRole('heading', { name: 'Could not load' })).toBeTruthy();
    failing = false;
    await userEvent.click(within(sheet).getByRole('button', { name: 'Try again' }));
    expect(await within(sheet).findByText('Work phone')).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/staff/2/sign-in')).toHaveLength(2);
  });
});
