import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../../test/render.tsx';
import { CorrectionForm } from './components/correction-form.tsx';
import { entry } from './test-entry.ts';

describe('the correction form', () => {
  it('asks for a reason, a change and valid values before confirming', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithTexts(<CorrectionForm entry={entry} onCancel={() => {}} onSubmit={onSubmit} />);
    const review = screen.getByRole('button', { name: 'Review correction' });
    await userEvent.click(review);
    expect(screen.getByText('Say why the entry is corrected')).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/^Reason for the correction/), 'typo');
    await userEvent.click(review);
    expect(screen.getByText('Nothing was changed: change at least one field.')).toBeTruthy();

    const age = screen.getByLabelText('Age');
    await userEvent.clear(age);
    await userEvent.type(age, '200');
    await userEvent.click(review);
    expect(screen.getByText('An age from 0 to 150')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says what the contract refuses, under the field, with the focus on the first', async () => {
    const onSubmit = vi.fn(async () => {});
    // An entry written before today's limits holds a longer name than a correction takes (40):
    // a field's length limit does not shorten what it opens with.
    const long = { ...entry, seller_name: 'n'.repeat(45) };
    renderWithTexts(<CorrectionForm entry={long} onCancel={() => {}} onSubmit={onSubmit} />);
    const name = screen.getByLabelText("Seller's name");
    await userEvent.type(name, '{backspace}');
    // Pasted text with a control character in it.
    fireEvent.change(screen.getByLabelText(/^Reason for the correction/), { target: { value: 'typo\u0007' } });
    await userEvent.click(screen.getByRole('button', { name: 'Review correction' }));
    expect(screen.getByText('At most 40 characters')).toBeTruthy();
    expect(screen.getByText('This contains invisible control characters: type it again.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('boxes every text field, each with a placeholder: the entry’s value, or what a reason looks like', () => {
    // Issue 29 item 8, "one field style": bordered inputs with placeholders like every other form.
    renderWithTexts(<CorrectionForm entry={entry} onCancel={() => {}} onSubmit={async () => {}} />);
    const expected: [RegExp, string][] = [
      [/^Seller's name/, 'Jane Smith'],
      [/^Seller's address/, '12 Baker Street'],
      [/^Occupation/, 'Engineer'],
      [/^Age/, '46'],
      [/^Item/, 'Bracelet'],
      [/^Features/, '18K'],
      [/^Quantity/, '1'],
      [/^Price/, '1200'],
      [/^Reason for the correction/, 'e.g. the address was copied wrong'],
    ];
    for (const [label, placeholder] of expected) {
      const control = screen.getByLabelText(label);
      expect(control.getAttribute('placeholder'), String(label)).toBe(placeholder);
      expect(control.closest('.form-boxed'), String(label)).not.toBeNull();
      expect(control.closest('.adm-input, .adm-text-area'), String(label)).not.toBeNull();
    }
    // Those are all its text fields (currency and identity check are pickers; a text area's hidden
    // twin only measures its height).
    const controls = document.querySelectorAll('input:not([type="hidden"]), textarea:not([aria-hidden="true"])');
    expect(controls).toHaveLength(expected.length);
    for (const control of controls) expect(control.closest('.form-boxed')).not.toBeNull();
  });
});
