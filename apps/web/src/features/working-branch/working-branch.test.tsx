import type { UserInfo } from '@jewel/contract/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { MANAGER } from '../../test/users.ts';
import BranchChooser from './components/branch-chooser.tsx';
import { WorkingBranchRow } from './components/working-branch-row.tsx';

/** Issue 32: a recorder who works at two branches, at Ginza this session. */
const TWO: UserInfo = {
  ...MANAGER,
  id: 7,
  name: 'Zhou Li',
  is_manager: 0,
  branch: { id: 1, name: 'Ginza' },
  branches: [
    { id: 1, name: 'Ginza' },
    { id: 2, name: 'Umeda' },
  ],
};
const AT_UMEDA: UserInfo = { ...TWO, branch: { id: 2, name: 'Umeda' } };

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

function renderWith(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  renderWithTexts(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const sent = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map((args) => {
    const [url, init] = args as unknown as [string, RequestInit];
    return [init.method, url, JSON.parse(String(init.body))];
  });

describe('the working branch (issue 32)', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, user: null, askBranch: false });
  });

  it('asks right after sign-in where to work today, the current branch marked, and keeps the answer', async () => {
    useAuthStore.setState({ token: 'token', user: TWO, askBranch: true });
    const fetch = serve(AT_UMEDA);
    renderWith(<BranchChooser />);
    const sheet = await shownDialog('Which branch do you work at today?');
    expect(
      within(sheet)
        .getByRole('button', { name: /^Ginza/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Umeda' }));
    await waitFor(() => expect(sent(fetch)).toEqual([['PUT', '/api/user/branch', { branch_id: 2 }]]));
    await waitFor(() => expect(useAuthStore.getState().user?.branch).toEqual({ id: 2, name: 'Umeda' }));
    expect(useAuthStore.getState().askBranch).toBe(false);
    expect(await screen.findByText('Working at Umeda')).toBeTruthy();
  });

  it('sends nothing when the current branch is kept', async () => {
    useAuthStore.setState({ token: 'token', user: TWO, askBranch: true });
    const fetch = serve(TWO);
    renderWith(<BranchChooser />);
    const sheet = await shownDialog('Which branch do you work at today?');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(useAuthStore.getState().askBranch).toBe(false));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the branch in the personal center and switches to another', async () => {
    useAuthStore.setState({ token: 'token', user: TWO });
    const fetch = serve(AT_UMEDA);
    renderWith(<WorkingBranchRow user={TWO} />);
    expect((await screen.findByTestId('working-branch')).textContent).toBe('Ginza');
    await userEvent.click(screen.getByRole('button', { name: /^Branch/ }));
    const sheet = await shownDialog('Work at another branch');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Umeda' }));
    await waitFor(() => expect(sent(fetch)).toEqual([['PUT', '/api/user/branch', { branch_id: 2 }]]));
    await waitFor(() => expect(useAuthStore.getState().user?.branch?.name).toBe('Umeda'));
  });

  it('shows nothing to one who works at one branch', async () => {
    const one = { ...TWO, branches: [{ id: 1, name: 'Ginza' }] };
    useAuthStore.setState({ token: 'token', user: one, askBranch: true });
    renderWith(
      <>
        <p>Page</p>
        <WorkingBranchRow user={one} />
        <BranchChooser />
      </>,
    );
    expect(await screen.findByText('Page')).toBeTruthy();
    expect(screen.queryByTestId('working-branch')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
