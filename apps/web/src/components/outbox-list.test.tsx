import type { UserInfo } from '@jewel/contract/user';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OutboxEntry, useOutbox } from '../lib/outbox-store.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { useNetworkStore } from '../stores/network-store.ts';
import { renderWithTexts } from '../test/render.tsx';
import { OutboxList } from './outbox-list.tsx';

/** Issue 29 item 13: an entry still waiting can be opened and discarded, not only a refused one. */

const USER_ID = 7;

const waiting: OutboxEntry = {
  key: 'k-waiting',
  route: 'inquiryCreate',
  body: {},
  form: {},
  title: 'Kelly 28',
  items: 1,
  userId: USER_ID,
  queuedAt: Date.parse('2026-11-28T01:00:00Z'),
  refresh: [],
  refusal: null,
};

async function discardThroughDialog() {
  const row = screen.getByTestId('outbox-row');
  await userEvent.click(within(row).getByRole('button', { name: 'Discard' }));
  const dialog = await screen.findByRole('dialog');
  // Once it has opened (it takes no taps while it moves in).
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  within(dialog).getByRole('button', { name: 'Discard' }).focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
}

describe('the outbox list', () => {
  beforeEach(() => {
    useAuthStore.setState({ user: { id: USER_ID } as UserInfo });
    // Offline: nothing tries to send it meanwhile.
    useNetworkStore.setState({ online: false });
    useOutbox.setState({ entries: [waiting], sending: null, sent: [] });
  });
  afterEach(() => {
    useOutbox.setState({ entries: [], sending: null, sent: [] });
    useNetworkStore.setState({ online: true });
    useAuthStore.setState({ user: null });
  });

  it('discards an entry still waiting, once confirmed', async () => {
    renderWithTexts(
      <MemoryRouter>
        <OutboxList />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('outbox-row').getAttribute('data-state')).toBe('waiting');
    await discardThroughDialog();
    expect(useOutbox.getState().entries).toEqual([]);
  });

  it('opens an entry still waiting in its form, as a refused one is opened', async () => {
    useOutbox.setState({
      entries: [waiting, { ...waiting, key: 'k-refused', refusal: { code: 400, message: 'No', data: null } }],
    });
    renderWithTexts(
      <MemoryRouter>
        <OutboxList />
      </MemoryRouter>,
    );
    const [open, fix] = screen.getAllByTestId('outbox-row');
    expect(
      within(open as HTMLElement)
        .getByRole('link', { name: 'Open' })
        .getAttribute('href'),
    ).toBe('/pages-sub/productInquiry/register?outbox=k-waiting');
    expect(
      within(fix as HTMLElement)
        .getByRole('link', { name: 'Open to fix' })
        .getAttribute('href'),
    ).toBe('/pages-sub/productInquiry/register?outbox=k-refused');
  });

  it('offers neither opening nor discarding an entry on its way', () => {
    useOutbox.setState({ sending: waiting.key });
    renderWithTexts(
      <MemoryRouter>
        <OutboxList />
      </MemoryRouter>,
    );
    const row = screen.getByTestId('outbox-row');
    expect(row.getAttribute('data-state')).toBe('sending');
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('keeps an entry that started going out while the dialog was open', async () => {
    renderWithTexts(
      <MemoryRouter>
        <OutboxList />
      </MemoryRouter>,
    );
    const row = screen.getByTestId('outbox-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // The network came back and the sender took it.
    useOutbox.setState({ sending: waiting.key });
    within(dialog).getByRole('button', { name: 'Discard' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('It is being sent already: the server answers it.')).toBeTruthy();
    expect(useOutbox.getState().entries).toEqual([waiting]);
  });
});
