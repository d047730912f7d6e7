import { paths } from '@jewel/contract/values/web-paths';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import { UserCenterMenu } from './user-center-menu.tsx';

function renderMenu(manager: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <UserCenterMenu temporary={false} manager={manager} unread={0} onLogout={() => {}} /> },
      { path: paths.staff, element: <p>Staff page</p> },
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

  it('has no staff row for anyone else', async () => {
    renderMenu(false);
    expect(await screen.findByRole('button', { name: 'Personal info' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Staff' })).toBeNull();
  });
});
