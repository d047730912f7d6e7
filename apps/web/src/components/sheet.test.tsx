import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import { Sheet } from './sheet.tsx';

/** A button that opens a sheet of two choices, as a page has. */
function Choosing() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Language
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Choose a language">
        <button type="button">English</button>
        <button type="button">日本語</button>
      </Sheet>
    </>
  );
}

describe('Sheet', () => {
  it('keeps Tab inside; Escape closes it and gives the focus back to the opener', async () => {
    renderWithTexts(<Choosing />);
    const opener = screen.getByRole('button', { name: 'Language' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: 'Choose a language' });
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    for (let press = 0; press < 3; press += 1) {
      await userEvent.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a language' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes from its close button too, which the first control precedes in the focus order', async () => {
    renderWithTexts(<Choosing />);
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose a language' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'English' })));
    // A tap: the popup's opening animation leaves pointer events off in happy-dom, so the click is dispatched.
    within(sheet).getByRole('button', { name: 'Close' }).click();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a language' })).toBeNull());
  });
});
