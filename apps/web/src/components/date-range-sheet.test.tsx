import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pickDate } from '../test/pick-date.ts';
import { renderWithTexts } from '../test/render.tsx';
import { ChoiceChip } from './choice-chip.tsx';
import { DateRangeSheet } from './date-range-sheet.tsx';

/** The date chip whose "Choose dates…" opens the range sheet, as the data base's filter bar has. */
function Dates({ onConfirm }: { onConfirm: (range: { from: string; to: string }) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ChoiceChip
        label="Date"
        choices={[{ value: 'custom', label: 'Choose dates…' }]}
        value={null}
        onChange={(value) => setOpen(value === 'custom')}
      />
      <DateRangeSheet open={open} title="Date" onClose={() => setOpen(false)} onConfirm={onConfirm} />
    </>
  );
}

describe('DateRangeSheet', () => {
  it('takes two dates from the keyboard, refuses an end before the start, and gives the focus back to the chip', async () => {
    const onConfirm = vi.fn();
    renderWithTexts(<Dates onConfirm={onConfirm} />);
    const chip = screen.getByRole('button', { name: /^Date: / });
    chip.focus();
    await userEvent.keyboard('{Enter}');
    const wheel = await screen.findByRole('dialog', { name: 'Date' });
    await waitFor(() => expect(wheel.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{End}');
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');

    const from = await screen.findByRole('group', { name: 'From' });
    const sheet = from.closest<HTMLElement>('[role="dialog"]');
    if (!sheet) throw new Error('the fields are not in a dialog');
    // English order: the month first.
    await waitFor(() => expect(document.activeElement).toBe(within(from).getByRole('combobox', { name: 'Month' })));
    const year = new Date().getFullYear() - 1;
    pickDate(from, `${year}-06-01`);
    const to = within(sheet).getByRole('group', { name: 'To' });
    pickDate(to, `${year}-05-01`);
    const confirm = within(sheet).getByRole('button', { name: 'OK' });
    confirm.focus();
    await userEvent.keyboard('{Enter}');
    expect(within(sheet).getByRole('alert').textContent).toBe('The end date cannot be before the start date');
    for (const part of within(to).getAllByRole('combobox')) expect(part.getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();

    pickDate(to, `${year}-07-01`);
    confirm.focus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith({ from: `${year}-06-01`, to: `${year}-07-01` });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(chip));
  });
});
