import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import { ChoiceChip } from './choice-chip.tsx';

const grades = [
  { value: 'A', label: 'Grade A' },
  { value: 'B', label: 'Grade B' },
];

/** The grade chip with its wheel, opened from the keyboard. */
async function openChip(value: string | null) {
  const onChange = vi.fn();
  renderWithTexts(<ChoiceChip label="Grade" choices={grades} value={value} onChange={onChange} />);
  const chip = screen.getByRole('button', { name: /^Grade: / });
  chip.focus();
  await userEvent.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Grade' });
  const wheel = within(dialog).getByRole('spinbutton', { name: 'Grade' });
  await waitFor(() => expect(document.activeElement).toBe(wheel));
  return { onChange, chip, dialog, wheel };
}

const closed = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'Grade' })).toBeNull());

describe('ChoiceChip', () => {
  it('opens a wheel with "All" first that the keyboard turns and confirms', async () => {
    const { onChange, chip, dialog, wheel } = await openChip(null);
    expect(wheel.getAttribute('aria-valuetext')).toBe('All');
    await userEvent.keyboard('{End}');
    expect(wheel.getAttribute('aria-valuetext')).toBe('Grade B');
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('B');
    await closed();
    expect(document.activeElement).toBe(chip);
  });

  it('clears the choice with "All"; Escape changes nothing', async () => {
    const { onChange, chip, wheel } = await openChip('B');
    expect(wheel.getAttribute('aria-valuetext')).toBe('Grade B');
    await userEvent.keyboard('{Home}{Escape}');
    await closed();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(chip);
    chip.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Grade' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('spinbutton')));
    await userEvent.keyboard('{Home}');
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
  });
});
