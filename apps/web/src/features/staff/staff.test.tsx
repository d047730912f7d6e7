import type { Branch } from '@jewel/contract/branches';
import type { StaffMember } from '@jewel/contract/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { MANAGER } from '../../test/users.ts';
import { StaffScreen } from './components/staff-screen.tsx';

const SELF = MANAGER;

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

const owner = member({
  id: 1,
  name: 'Sato Hanako',
  mobile: '09011112222',
  roles: ['recorder'],
  manager: true,
  owner: true,
  last_sign_in_at: new Date(Date.now() - 5 * 60_000).toISOString(),
});
const valuer = member({ id: 2, name: 'Li Lei' });
const gone = member({ id: 3, name: 'Tanaka Ken', roles: ['recorder'], is_enabled: false });
// ADR 0104: a manager who works at no counter, and a recorder who also appraises.
const managerOnly = member({ id: 5, name: 'Kim Min', roles: [], manager: true });
const both = member({ id: 6, name: 'Zhou Li', roles: ['recorder', 'valuers'] });

type Answer = { status: number; body: object };
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 0, msg: 'ok', data } });

/**
 * The server: each GET /api/staff answers the next of `lists` (the last one again once they run
 * out); each other call answers the next of `writes`, in turn.
 */
function serve(lists: Answer[], ...writes: Answer[]) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const answer =
      init.method === 'GET' && url.endsWith('/api/branches')
        ? ok({ items: served.branches })
        : init.method === 'GET'
          ? ((lists.length > 1 ? lists.shift() : lists[0]) as Answer)
          : (writes.shift() ?? { status: 500, body: { code: 500, msg: 'no answer', data: null } });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const branch = (id: number, name: string, closed = false): Branch => ({
  id,
  own: { name, address: null, phone: null, licence_no: null, time_zone: null, currency: null },
  details: { name, address: 'Tokyo', phone: '03', licence_no: 'L1', time_zone: 'Asia/Tokyo', currency: 'JPY' },
  closed_at: closed ? '2026-11-01T00:00:00.000Z' : null,
  staff: 1,
  created_at: '2026-01-01T00:00:00.000Z',
});

/** The branches the manager keeps (GET /api/branches): one, the shop's, unless a test says otherwise. */
const served: { branches: Branch[] } = { branches: [] };

const gets = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([url, init]) => init.method === 'GET' && !url.endsWith('/api/branches')).length;
const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init.method !== 'GET')
    .map(([url, init]) => [init.method, url, JSON.parse(String(init.body ?? 'null'))]);

/** The staff page as the router shows it (its title comes from the route). */
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

const cardOf = async (name: string) => (await screen.findByRole('article', { name })) as HTMLElement;
const tagsOf = (card: HTMLElement) => [...card.querySelectorAll('[data-tag]')].map((tag) => tag.textContent);
const errorOf = (name: string) =>
  document.querySelector(`[data-field="${name}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;

/** The dialog or sheet named `name`, once it has moved in (it takes no taps until then) and holds the focus. */
async function shownDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => {
    expect(dialog.contains(document.activeElement), `the focus in "${name}"`).toBe(true);
    for (let node: HTMLElement | null = dialog; node; node = node.parentElement)
      expect(getComputedStyle(node).pointerEvents).not.toBe('none');
  });
  return dialog;
}

describe('the staff page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useAuthStore.setState({ token: 'token', user: SELF });
    served.branches = [branch(1, 'Ginza')];
  });
  afterEach(async () => {
    // The last dialog gone from the page (its animation over) before the next test.
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, user: null });
  });

  it('shows each member with their role, chips and last sign-in; no actions on one’s own card', async () => {
    serve([ok({ items: [owner, valuer, gone] })]);
    renderStaff();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Staff');
    expect(await screen.findByText('3 members')).toBeTruthy();

    const self = await cardOf('Sato Hanako');
    expect(tagsOf(self)).toEqual(['Manager', 'Owner', 'You']);
    expect(self.textContent).toContain('09011112222');
    expect(self.textContent).toContain('Recorder');
    // The relative time is held on one line by no-break spaces (lib/format.ts).
    expect(self.textContent).toContain('Last sign-in: 5\u00a0minutes\u00a0ago');
    // Nothing to change on one's own card: how they sign in, to read.
    expect(
      within(self)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Sign-in: Sato Hanako']);

    const other = await cardOf('Li Lei');
    expect(tagsOf(other)).toEqual([]);
    expect(other.textContent).toContain('Valuer');
    expect(other.textContent).toContain('Never signed in');
    expect(within(other).getByRole('button', { name: 'Actions for Li Lei' })).toBeTruthy();

    const disabled = await cardOf('Tanaka Ken');
    expect(tagsOf(disabled)).toEqual(['Disabled']);
    expect(disabled.classList.contains('staff-card--disabled')).toBe(true);
  });

  it('shows every role a member holds: several counter roles, or none beside managing', async () => {
    serve([ok({ items: [owner, managerOnly, both] })]);
    renderStaff();
    const manages = await cardOf('Kim Min');
    expect(tagsOf(manages)).toEqual(['Manager']);
    expect(manages.textContent).toContain('No counter role');
    const counters = await cardOf('Zhou Li');
    expect(counters.textContent).toContain('Recorder · Valuer');
  });

  it('gives a member another counter role once confirmed; the last role a member holds is not offered', async () => {
    const fetch = serve(
      [
        ok({ items: [owner, valuer, managerOnly] }),
        ok({ items: [owner, { ...valuer, roles: ['recorder', 'valuers'] }] }),
      ],
      ok({ ...valuer, roles: ['recorder', 'valuers'] }),
    );
    renderStaff();
    await userEvent.click(within(await cardOf('Kim Min')).getByRole('button', { name: 'Actions for Kim Min' }));
    const forManager = await shownDialog('Kim Min');
    expect(
      within(forManager)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Give the role Recorder', 'Give the role Valuer', 'Disable account', 'Reset password', 'Cancel']);
    await userEvent.click(within(forManager).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kim Min' })).toBeNull());

    await userEvent.click(within(await cardOf('Li Lei')).getByRole('button', { name: 'Actions for Li Lei' }));
    const sheet = await shownDialog('Li Lei');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Give the role Recorder' }));
    const confirm = await shownDialog('Give Li Lei the role Recorder?');
    expect(confirm.textContent).toContain('signed out at once');
    within(confirm).getByRole('button', { name: 'Change' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(writes(fetch)).toEqual([['PATCH', '/api/staff/2', { roles: ['recorder', 'valuers'], manager: false }]]),
    );
    expect(await screen.findByText('Roles changed')).toBeTruthy();
  });

  it('says so when there is nobody', async () => {
    serve([ok({ items: [] })]);
    renderStaff();
    expect(await screen.findByRole('heading', { name: 'No staff yet' })).toBeTruthy();
  });

  it('offers to try again when the list does not load', async () => {
    const fetch = serve([
      { status: 500, body: { code: 500, msg: 'Server error', data: null } },
      ok({ items: [valuer] }),
    ]);
    renderStaff();
    expect(await screen.findByRole('heading', { name: 'Could not load' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardOf('Li Lei')).toBeTruthy();
    expect(gets(fetch)).toBe(2);
  });

  it('tells anyone but a manager whom the page is for, without asking the server', async () => {
    useAuthStore.setState({ user: { ...SELF, is_manager: 0 } });
    const fetch = serve([ok({ items: [owner] })]);
    renderStaff();
    expect(await screen.findByRole('heading', { name: 'For managers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says the same when the server refuses (managersOnly), the session's copy being out of date", async () => {
    serve([{ status: 403, body: { code: 2033, msg: 'For managers only', data: null } }]);
    renderStaff();
    expect(await screen.findByRole('heading', { name: 'For managers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('adds a member, shows their first password once, then lists them', async () => {
    const added = member({ id: 4, name: 'Wang Fang', mobile: '13800138000', manager: true });
    const fetch = serve(
      [ok({ items: [owner, valuer] }), ok({ items: [owner, valuer, added] })],
      ok({ member: added, password: 'k7Qm-29xT' }),
    );
    renderStaff();
    await cardOf('Li Lei');
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const sheet = await shownDialog('Add a member');

    // Nothing is sent before the name and the mobile are there.
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add' }));
    expect(errorOf('name')).toBe('Cannot be empty');
    expect(errorOf('mobile')).toBe('Cannot be empty');
    expect(document.activeElement?.id).toBe('field-name');
    await userEvent.type(within(sheet).getByLabelText(/^Mobile number/), '138 0013 8000');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add' }));
    expect(errorOf('mobile')).toBe(
      'Enter a mobile number: digits and dashes, an optional + in front, 6 to 20 characters.',
    );
    expect(writes(fetch)).toEqual([]);

    await userEvent.type(within(sheet).getByLabelText(/^Name/), ' Wang Fang ');
    const mobile = within(sheet).getByLabelText(/^Mobile number/);
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '13800138000');
    // No role at all is refused before it is sent.
    await userEvent.click(within(sheet).getByRole('option', { name: 'Recorder' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add' }));
    expect(errorOf('roles')).toBe('Choose at least one role');
    expect(writes(fetch)).toEqual([]);
    await userEvent.click(within(sheet).getByRole('option', { name: 'Valuer' }));
    await userEvent.click(within(sheet).getByRole('option', { name: 'Manager' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add' }));

    const dialog = await shownDialog('Member added');
    expect(writes(fetch)).toEqual([
      ['POST', '/api/staff', { name: 'Wang Fang', mobile: '13800138000', roles: ['valuers'], manager: true }],
    ]);
    expect(dialog.textContent).toContain('Wang Fang');
    expect(dialog.textContent).toContain('13800138000');
    expect(dialog.textContent).toContain('First password');
    expect(dialog.textContent).toContain('k7Qm-29xT');
    expect(dialog.textContent).toContain('shown only this once');
    expect(dialog.textContent).toContain('They change it after signing in.');
    expect(within(dialog).getByRole('button', { name: 'Copy password' })).toBeTruthy();
    // The sheet is gone; the list is asked again and shows the new member.
    expect(screen.queryByRole('dialog', { name: 'Add a member' })).toBeNull();
    expect(tagsOf(await cardOf('Wang Fang'))).toEqual(['Manager']);
    expect(gets(fetch)).toBe(2);

    within(dialog).getByRole('button', { name: 'Done' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Member added' })).toBeNull());
  });

  it('disables a member once confirmed, saying their sessions end, then asks the list again', async () => {
    const fetch = serve(
      [ok({ items: [owner, valuer] }), ok({ items: [owner, { ...valuer, is_enabled: false }] })],
      ok({ ...valuer, is_enabled: false }),
    );
    renderStaff();
    await userEvent.click(within(await cardOf('Li Lei')).getByRole('button', { name: 'Actions for Li Lei' }));
    const sheet = await shownDialog('Li Lei');
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Give the role Recorder', 'Make manager', 'Disable account', 'Reset password', 'Cancel']);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Disable account' }));

    const confirm = await shownDialog('Disable Li Lei?');
    expect(confirm.textContent).toContain('Their sessions end at once');
    expect(writes(fetch)).toEqual([]);
    within(confirm).getByRole('button', { name: 'Disable' }).focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(writes(fetch)).toEqual([['PATCH', '/api/staff/2', { is_enabled: false }]]));
    await waitFor(() => expect(tagsOf(document.querySelector('[data-id="2"]') as HTMLElement)).toEqual(['Disabled']));
    expect(gets(fetch)).toBe(2);
    expect(await screen.findByText('Account disabled')).toBeTruthy();
  });

  it('resets a password once confirmed and shows the new one once', async () => {
    const fetch = serve([ok({ items: [owner, valuer] })], ok({ member: valuer, password: 'Zx8-pq4W' }));
    renderStaff();
    await userEvent.click(within(await cardOf('Li Lei')).getByRole('button', { name: 'Actions for Li Lei' }));
    const sheet = await shownDialog('Li Lei');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Reset password' }));

    const confirm = await shownDialog("Reset Li Lei's password?");
    expect(writes(fetch)).toEqual([]);
    within(confirm).getByRole('button', { name: 'Reset' }).focus();
    await userEvent.keyboard('{Enter}');

    const dialog = await shownDialog('Password reset');
    expect(writes(fetch)).toEqual([['POST', '/api/staff/2/password', null]]);
    expect(dialog.textContent).toContain('Li Lei');
    expect(dialog.textContent).toContain('New password');
    expect(dialog.textContent).toContain('Zx8-pq4W');
    expect(dialog.textContent).toContain('shown only this once');
    within(dialog).getByRole('button', { name: 'Done' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Password reset' })).toBeNull());
  });
});

describe("a member's branches (issue 32)", { timeout: 20_000 }, () => {
  beforeEach(() => {
    useAuthStore.setState({ token: 'token', user: SELF });
    served.branches = [branch(1, 'Ginza'), branch(2, 'Umeda'), branch(3, 'Kyoto', true)];
  });
  afterEach(async () => {
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, user: null });
  });

  it('shows nothing of branches while the shop has one', async () => {
    served.branches = [branch(1, 'Ginza')];
    serve([ok({ items: [owner, valuer] })]);
    renderStaff();
    const card = await cardOf('Li Lei');
    await waitFor(() => expect(within(card).queryByTestId('staff-branches')).toBeNull());
    expect(within(card).queryByRole('button', { name: 'Branches: Li Lei' })).toBeNull();
  });

  it('names where each works, gives a member a branch, and keeps the ones the manager does not keep', async () => {
    // Li Lei also works at branch 9, which this manager does not keep.
    const placed = { ...valuer, branch_ids: [1, 9] };
    const fetch = serve(
      [ok({ items: [owner, placed] }), ok({ items: [owner, { ...placed, branch_ids: [1, 2, 9] }] })],
      ok({ branch_ids: [1, 2, 9] }),
    );
    renderStaff();
    const card = await cardOf('Li Lei');
    expect((await within(card).findByTestId('staff-branches')).textContent).toBe('Branches: Ginza · 1 other');
    // Not on one's own card: the server refuses a manager their own branches.
    expect(within(await cardOf('Sato Hanako')).queryByRole('button', { name: /^Branches:/ })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Branches: Li Lei' }));
    const sheet = await shownDialog('Where Li Lei works');
    expect((within(sheet).getByRole('checkbox', { name: 'Ginza' }) as HTMLInputElement).checked).toBe(true);
    expect((within(sheet).getByRole('checkbox', { name: 'Umeda' }) as HTMLInputElement).checked).toBe(false);
    // A closed branch is given to nobody.
    expect((within(sheet).getByRole('checkbox', { name: /^Kyoto/ }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Umeda' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save branches' }));
    await waitFor(() => expect(writes(fetch)).toEqual([['PUT', '/api/staff/2/branches', { branch_ids: [1, 2, 9] }]]));
    expect(await screen.findByText('Branches saved')).toBeTruthy();
    await waitFor(async () =>
      expect(within(await cardOf('Li Lei')).getByTestId('staff-branches').textContent).toBe(
        'Branches: Ginza · Umeda · 1 other',
      ),
    );
  });

  it('asks for at least one branch before sending', async () => {
    const fetch = serve([ok({ items: [owner, valuer] })]);
    renderStaff();
    await userEvent.click(await within(await cardOf('Li Lei')).findByRole('button', { name: 'Branches: Li Lei' }));
    const sheet = await shownDialog('Where Li Lei works');
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Ginza' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save branches' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Choose at least one branch.');
    expect(writes(fetch)).toEqual([]);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
  });
});
