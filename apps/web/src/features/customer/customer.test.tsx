import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { CustomerForm } from './components/customer-form.tsx';

const errorOf = (name: string) =>
  document.querySelector(`[data-field="${name}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;

function renderForm(
  onSubmit: (body: unknown) => Promise<unknown>,
  initial?: { name?: string; phone?: string; birth_date?: string },
) {
  renderWithTexts(<CustomerForm initial={initial} submitLabel="Create" onSubmit={onSubmit} onCancel={() => {}} />);
}

describe('the customer form', { timeout: 20_000 }, () => {
  it('asks for the name and the phone, with the focus on the first', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(errorOf('name')).toBe("Enter the customer's name (up to 40 characters).");
    expect(errorOf('phone')).toBe('Enter a phone number: digits, spaces or dashes, 6 to 20 characters.');
    expect(errorOf('address')).toBeNull();
    expect(document.activeElement?.id).toBe('field-name');
    expect(onSubmit).not.toHaveBeenCalled();

    // Typing takes the field's own error away; the other stays.
    await userEvent.type(screen.getByLabelText(/^Name/), 'Li Lei');
    expect(errorOf('name')).toBeNull();
    expect(errorOf('phone')).not.toBeNull();
  });

  it('sends the record trimmed, with no birth date as null', async () => {
    const onSubmit = vi.fn(async (_body: unknown) => {});
    renderForm(onSubmit, { phone: '138 0013 8000' });
    await userEvent.type(screen.getByLabelText(/^Name/), '  Li Lei ');
    await userEvent.type(screen.getByLabelText('Occupation'), 'Jeweller ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      name: 'Li Lei',
      phone: '138 0013 8000',
      address: '',
      occupation: 'Jeweller',
      birth_date: null,
    });
  });

  it('refuses pasted control characters and a birth year the API does not take', async () => {
    const onSubmit = vi.fn(async () => {});
    // The lists offer 1900 to today; a year the contract refuses (it takes 1000 to 9998) can only
    // come with the record, and is refused before it is sent.
    renderForm(onSubmit, { name: 'Li\u0007Lei', phone: '138 0013 8000', birth_date: '0999-12-31' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(errorOf('name')).toBe('This contains invisible control characters: type it again.');
    expect(errorOf('birth_date')).toBe('Pick a valid birth date.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a refusal of the server under the field it names', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(1001, 'Phone already used', 400, { field: 'phone' });
    });
    renderForm(onSubmit, { name: 'Li Lei', phone: '138 0013 8000' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(await screen.findByText('Phone already used', { selector: '.field-error' })).toBeTruthy();
    expect(errorOf('phone')).toBe('Phone already used');
  });
});
