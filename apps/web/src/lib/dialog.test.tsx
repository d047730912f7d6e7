import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import { Dialog } from './dialog.ts';

/** A page's button, with the focus, that opens a dialog. */
function focusedOpener() {
  renderWithTexts(<button type="button">Sign out</button>);
  const opener = screen.getByRole('button', { name: 'Sign out' });
  opener.focus();
  return opener;
}

/** The dialog named `name`, once a control of it has the focus. */
async function shown(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

// The last dialog gone from the page (its animation over) before the next opens.
afterEach(() => waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull()));

describe('Dialog', () => {
  it('confirm keeps Tab inside; Escape answers "no" and gives the focus back', async () => {
    const opener = focusedOpener();
    const answer = Dialog.confirm({ title: 'Sign out?', confirmText: 'Yes', cancelText: 'No' });
    const dialog = await shown('Sign out?');
    for (let press = 0; press < 3; press += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('confirm still answers "yes" from its button', async () => {
    focusedOpener();
    const answer = Dialog.confirm({ title: 'Sign out?', confirmText: 'Yes', cancelText: 'No' });
    const dialog = await shown('Sign out?');
    within(dialog).getByRole('button', { name: 'Yes' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toBe(true);
  });

  it('alert closes on Escape and gives the focus back', async () => {
    const opener = focusedOpener();
    const done = Dialog.alert({ content: 'Saved elsewhere', confirmText: 'OK' });
    await shown('Saved elsewhere');
    await userEvent.keyboard('{Escape}');
    await expect(done).resolves.toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
