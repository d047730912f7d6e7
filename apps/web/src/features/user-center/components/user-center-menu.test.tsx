import { paths } from '@jewel/contract/values/web-paths';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import { UserCenterMenu } from './user-center-menu.tsx';

function renderMenu(manager: boolean, { temporary = false, readOnly = false } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <UserCenterMenu temporary={temporary} manager={manager} readOnly={readOnly} unread={0} onLogout={() => {}} />
        ),
      },
      { path: paths.passkeys, element: <p>Passkeys page</p> },
      { path: paths.staff, element: <p>Staff page</p> },
      { path: paths.shop, element: <p>Shop details page</p> },
      { path: paths.branches, element: <p>Branches page</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithTexts(<RouterProvider router={router} />);
}

describe('the personal center menu', () => {
  it('leads a manager to the staff', async () => {
    renderMenu(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Staff' }));
    expect(await screen.findByText('Staff page')).toBeTruthy();
  });

  it("leads a manager to the shop's details", async () => {
    renderMenu(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Shop details' }));
    expect(await screen.findByText('Shop details page')).toBeTruthy();
  });

  it('leads a manager to the branches (issue 32)', async () => {
    renderMenu(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Branches' }));
    expect(await screen.findByText('Branches page')).toBeTruthy();
  });

  it('has no staff or shop details row for anyone else', async () => {
    renderMenu(false);
    expect(await screen.findByRole('button', { name: 'Personal info' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Staff' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Shop details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Branches' })).toBeNull();
  });

  it('leads a member to their passkeys', async () => {
    renderMenu(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Passkeys' }));
    expect(await screen.findByText('Passkeys page')).toBeTruthy();
  });

  it('has no passkeys row for a temporary account', async () => {
    renderMenu(false, { temporary: true });
    expect(await screen.findByRole('button', { name: 'Personal info' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Passkeys' })).toBeNull();
  });

  it('has no guest links row for a manager reading as a recorder (ADR 0104), who keeps the staff', async () => {
    renderMenu(true, { readOnly: true });
    expect(await screen.findByRole('button', { name: 'Staff' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guest links' })).toBeNull();
  });
});
