import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import { PASSWORD_FORM_ID, PasswordForm } from './password-form.tsx';

function renderForm() {
  const onChanged = vi.fn();
  renderWithTexts(
    <QueryClientProvider client={new QueryClient()}>
      <PasswordForm onChanged={onChanged} />
      <button type="submit" form={PASSWORD_FORM_ID}>
        Submit
      </button>
    </QueryClientProvider>,
  );
  return { onChanged };
}

const fill = async (current: string, next: string, again: string) => {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (again) await userEvent.type(screen.getByLabelText('Confirm new password'), again);
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
};

const texts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('PasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the current and the new password', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForm();
    await fill('', '', '');
    expect(texts()).toEqual(['Please enter your current password', 'Please enter a password']);
  });

  it('refuses a new password under 6 characters', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderForm();
    await fill('old-secret', '12345', '12345');
    expect(texts()).toEqual(['The password must have at least 6 characters']);
  });

  it('refuses two different entries under the confirmation', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await fill('old-secret', 'new-secret', 'new-secrex');
    expect(texts()).toEqual(['The two passwords do not match. Please enter them again.']);
    expect(screen.getByLabelText('Confirm new password').closest('[data-field]')?.textContent).toContain(
      'The two passwords do not match. Please enter them again.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the current password under that field', async () => {
    const body = { code: 2013, msg: 'The current password is wrong', data: { field: 'old_password' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 400 })),
    );
    const { onChanged } = renderForm();
    await fill('old-secret', 'new-secret', 'new-secret');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The current password is wrong');
    expect(alert.closest('[data-field]')?.getAttribute('data-field')).toBe('old_password');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
