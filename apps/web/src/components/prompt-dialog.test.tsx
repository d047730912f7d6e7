import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import { PromptDialog } from './prompt-dialog.tsx';

/** A button that opens the prompt, as a page has. */
function Asking({ onConfirm }: { onConfirm: (value: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <PromptDialog
        visible={open}
        title="New name"
        defaultValue="Chen"
        onConfirm={(value) => {
          onConfirm(value);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

async function openPrompt() {
  const onConfirm = vi.fn();
  renderWithTexts(<Asking onConfirm={onConfirm} />);
  const opener = screen.getByRole('button', { name: 'Rename' });
  opener.focus();
  await userEvent.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'New name' });
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'New name' })));
  return { onConfirm, opener, dialog };
}

const closed = () => waitFor(() => expect(screen.queryByRole('textbox', { name: 'New name' })).toBeNull());

describe('PromptDialog', () => {
  it('keeps Tab inside; Escape cancels and gives the focus back to the opener', async () => {
    const { onConfirm, opener, dialog } = await openPrompt();
    for (let press = 0; press < 4; press += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with Enter in its field, and gives the focus back', async () => {
    const { onConfirm, opener } = await openPrompt();
    await userEvent.keyboard(' Xiao{Enter}');
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('Chen Xiao');
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await closed();
  });
});
