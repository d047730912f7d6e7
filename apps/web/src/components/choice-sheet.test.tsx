import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import { ChoiceSheet } from './choice-sheet.tsx';

/** A button that opens a choice sheet of a photo's source, the gallery not to be had now. */
function Choosing({ onChoose }: { onChoose: (source: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add photo
      </button>
      <ChoiceSheet
        open={open}
        onClose={() => setOpen(false)}
        title="Add photo: Weight"
        choices={[
          { key: 'camera', label: 'Take a photo', onChoose: () => onChoose('camera') },
          { key: 'gallery', label: 'Choose from gallery', disabled: true, onChoose: () => onChoose('gallery') },
        ]}
      />
    </>
  );
}

async function open() {
  const opener = screen.getByRole('button', { name: 'Add photo' });
  opener.focus();
  await userEvent.keyboard('{Enter}');
  const sheet = await screen.findByRole('dialog', { name: 'Add photo: Weight' });
  await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
  return { opener, sheet };
}

describe('ChoiceSheet', () => {
  it('offers its choices and a cancel as buttons the keyboard reaches; a choice closes it, then acts', async () => {
    const onChoose = vi.fn();
    renderWithTexts(<Choosing onChoose={onChoose} />);
    const { opener, sheet } = await open();
    expect(document.activeElement?.textContent).toBe('Take a photo');
    expect(screen.getByRole('button', { name: 'Choose from gallery' })).toHaveProperty('disabled', true);
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Take a photo');
    expect(sheet.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('camera');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('cancels on Escape and on its cancel button, choosing nothing', async () => {
    const onChoose = vi.fn();
    renderWithTexts(<Choosing onChoose={onChoose} />);
    const first = await open();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(first.opener));
    await open();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChoose).not.toHaveBeenCalled();
  });
});
