import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../../test/render.tsx';
import { PickerField } from './picker-field.tsx';

const statuses = [
  { value: 1, label: 'New' },
  { value: 2, label: 'Used' },
  { value: 3, label: 'Worn' },
];

/** The status field with its wheel, opened from the keyboard. */
async function openWheel(value: number | null = null) {
  const onChange = vi.fn();
  renderWithTexts(
    <PickerField id="status" label="Status" value={value} options={statuses} onChange={onChange} noneLabel="Unknown" />,
  );
  const field = screen.getByRole('button', { name: /^Status: / });
  field.focus();
  await userEvent.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Status' });
  const wheel = within(dialog).getByRole('spinbutton', { name: 'Status' });
  await waitFor(() => expect(document.activeElement).toBe(wheel));
  return { onChange, field, dialog, wheel };
}

const closed = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'Status' })).toBeNull());

describe('PickerField wheel', () => {
  it('turns with the arrow keys, confirms, and gives the focus back to the field', async () => {
    const { onChange, field, dialog, wheel } = await openWheel(1);
    expect(wheel.getAttribute('aria-valuetext')).toBe('New');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(wheel.getAttribute('aria-valuetext')).toBe('Worn');
    await userEvent.keyboard('{Home}');
    expect(wheel.getAttribute('aria-valuetext')).toBe('Unknown');
    await userEvent.keyboard('{End}');
    await userEvent.keyboard('{ArrowUp}');
    expect(wheel.getAttribute('aria-valuetext')).toBe('Used');
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2);
    await closed();
    expect(document.activeElement).toBe(field);
  });

  it('keeps Tab inside; Escape closes it unchanged and gives the focus back', async () => {
    const { onChange, field, dialog } = await openWheel();
    for (let press = 0; press < 4; press += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{ArrowDown}{Escape}');
    await closed();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field);
  });

  it('chooses the "none" choice as no value', async () => {
    const { onChange } = await openWheel(3);
    await userEvent.keyboard('{Home}');
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
  });
});
