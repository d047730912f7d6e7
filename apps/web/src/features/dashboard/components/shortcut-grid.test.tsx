import type { UserInfo } from '@jewel/contract/user';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import { MANAGER } from '../../../test/users.ts';
import { ShortcutGrid } from './shortcut-grid.tsx';

/**
 * docs/roles.md (ADR 0104): a manager who holds no counter role reads as a recorder: the items,
 * customers, the ledger, the watch list; never the register entry. A recorder registers.
 */
const READER: UserInfo = { ...MANAGER, roles: [], read_only: 1 };

function shortcutsOf(user: UserInfo) {
  const router = createMemoryRouter([{ path: '/', element: <ShortcutGrid user={user} unread={0} /> }]);
  renderWithTexts(<RouterProvider router={router} />);
}

const labels = async () => {
  await screen.findByRole('heading', { name: 'Shortcuts' });
  return screen.getAllByRole('button').map((button) => button.textContent);
};

describe('the shortcuts, by the role a session acts as', () => {
  it('offers a recorder the register entry', async () => {
    shortcutsOf(MANAGER);
    expect(await labels()).toEqual(expect.arrayContaining(['Register items', 'Customers', 'Items', 'Ledger']));
  });

  it('offers a manager reading as a recorder what a recorder reads, never the register entry', async () => {
    shortcutsOf(READER);
    const shown = await labels();
    expect(shown).toEqual(expect.arrayContaining(['Customers', 'Items', 'Ledger', 'Watch list']));
    expect(shown).not.toContain('Register items');
    expect(shown).not.toContain('Guest links');
  });
});
