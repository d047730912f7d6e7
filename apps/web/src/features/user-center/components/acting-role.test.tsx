import type { UserInfo } from '@jewel/contract/user';
import { paths } from '@jewel/contract/values/web-paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { renderWithTexts } from '../../../test/render.tsx';
import { MANAGER } from '../../../test/users.ts';
import { ActingRole } from './acting-role.tsx';

/**
 * ADR 0104, docs/roles.md: a person acts as one counter role at a time and switches in the
 * personal center to another they hold; a manager may act as a recorder, read only.
 */

/** A recorder who is also a valuer, acting as a recorder. */
const BOTH: UserInfo = { ...MANAGER, id: 7, name: 'Zhou Li', is_manager: 0, roles: ['recorder', 'valuers'] };
/** A manager who works at no counter: a recorder, read only. */
const MANAGER_ONLY: UserInfo = { ...MANAGER, id: 8, name: 'Kim Min', roles: [], read_only: 1 };
/** A valuer who manages, acting as a valuer. */
const VALUER_MANAGER: UserInfo = {
  ...MANAGER,
  id: 9,
  name: 'Li Lei',
  roles: ['valuers'],
  role_code: 'valuers',
  role: { code: 'valuers', name: 'Valuer' },
};

/** The sheet named `name`, once it has moved in (it takes no taps until then) and holds the focus. */
async function shownDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => {
    expect(dialog.contains(document.activeElement), `the focus in "${name}"`).toBe(true);
    for (let node: HTMLElement | null = dialog; node; node = node.parentElement)
      expect(getComputedStyle(node).pointerEvents).not.toBe('none');
  });
  return dialog;
}

function serve(answer: UserInfo) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: answer }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderActing(user: UserInfo) {
  useAuthStore.setState({ token: 'token', user });
  const router = createMemoryRouter(
    [
      { path: '/', element: <ActingRole user={user} /> },
      { path: paths.home, element: <p>Home page</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithTexts(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('acting as another role', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    useAuthStore.setState({ token: null, user: null });
  });

  it('offers the roles held; choosing one switches, drops what was read, and shows the home page', async () => {
    const fetch = serve({ ...BOTH, role_code: 'valuers', role: { code: 'valuers', name: 'Valuer' } });
    // Something read as a recorder, to be read again as a valuer.
    queryClient.setQueryData(['commodity', 'list'], { items: [1] });
    renderActing(BOTH);
    expect((await screen.findByTestId('acting-role')).textContent).toBe('Recorder');
    await userEvent.click(screen.getByRole('button', { name: /^Acting as/ }));
    const sheet = await shownDialog('Act as');
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Recorder', 'Valuer', 'Cancel']);
    expect(
      within(sheet)
        .getByRole('button', { name: /Recorder/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Valuer' }));

    expect(await screen.findByText('Home page')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([init.method, url, JSON.parse(String(init.body))]).toEqual([
      'PUT',
      '/api/user/acting-role',
      { role: 'valuers' },
    ]);
    expect(useAuthStore.getState().user?.role_code).toBe('valuers');
    expect(queryClient.getQueryData(['commodity', 'list'])).toBeUndefined();
    expect(await screen.findByText('Now acting as Valuer')).toBeTruthy();
  });

  it('lets a valuer who manages act as a recorder, read only', async () => {
    serve({ ...VALUER_MANAGER, role_code: 'recorder', read_only: 1 });
    renderActing(VALUER_MANAGER);
    await userEvent.click(await screen.findByRole('button', { name: /^Acting as/ }));
    const sheet = await shownDialog('Act as');
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Recorder (read only)', 'Valuer', 'Cancel']);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Recorder (read only)' }));
    await waitFor(() => expect(useAuthStore.getState().user).toMatchObject({ role_code: 'recorder', read_only: 1 }));
  });

  it('says a manager with no counter role reads as a recorder, with nothing else to choose', async () => {
    renderActing(MANAGER_ONLY);
    expect((await screen.findByTestId('acting-role')).textContent).toBe('Recorder (read only)');
    expect(screen.queryByRole('button', { name: /^Acting as/ })).toBeNull();
  });

  it('shows nothing to one who holds one role, or to a guest', async () => {
    renderActing({ ...MANAGER, is_manager: 0 });
    expect(screen.queryByText('Acting as')).toBeNull();
    renderActing({ ...BOTH, is_tmp: 1, roles: ['recorder'] });
    expect(screen.queryByText('Acting as')).toBeNull();
  });
});
