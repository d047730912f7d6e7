import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import common from '../locales/en/common.json';
import en from '../locales/en/offline.json';
import { renderWithTexts } from '../test/render.tsx';
import { showUpdateNotice, UpdateNotice } from './update-notice.tsx';

/**
 * Issue 30 item 8: when a new version is ready the page says so and offers a reload; it never
 * reloads by itself (whoever is filling in a form finishes first) and can be put off.
 */
describe('UpdateNotice', () => {
  it('says a new version is ready; Reload and Later each do only what they say', async () => {
    const onReload = vi.fn();
    const onLater = vi.fn();
    renderWithTexts(<UpdateNotice onReload={onReload} onLater={onLater} />);
    expect((await screen.findByRole('status')).textContent).toContain(en.update.ready);
    await userEvent.click(screen.getByRole('button', { name: common.reload }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onLater).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: en.update.later }));
    expect(onLater).toHaveBeenCalledTimes(1);
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('showUpdateNotice', () => {
  it('shows one prompt however often a new version is found, until it is put off', async () => {
    // The texts the app has loaded (test/render.tsx reads them); nothing else is rendered.
    renderWithTexts(<main />);
    const onReload = vi.fn();
    act(() => {
      showUpdateNotice(onReload);
      showUpdateNotice(onReload);
    });
    expect(await screen.findAllByText(en.update.ready)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: en.update.later }));
    await waitFor(() => expect(screen.queryByText(en.update.ready)).toBeNull());
    expect(onReload).not.toHaveBeenCalled();
    // Found again (the next check for a new version): it shows again.
    act(() => showUpdateNotice(onReload));
    await userEvent.click(await screen.findByRole('button', { name: common.reload }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
