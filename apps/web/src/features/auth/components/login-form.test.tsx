import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

function renderLogin() {
  const onSignedIn = vi.fn();
  renderWithTexts(
    <QueryClientProvider client={new QueryClient()}>
      <LoginForm onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );
  return { onSignedIn };
}

const texts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the mobile, the password and the agreement before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(texts()).toEqual([
      'Cannot be empty',
      'Cannot be empty',
      'Please read and accept the privacy policy and the user agreement first',
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a mobile number that is not one', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    await userEvent.type(screen.getByLabelText('Mobile number'), 'abc');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(texts()).toEqual(['This is not a valid mobile number']);
  });

  it('takes an error away once its field is edited', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(texts()).toEqual([
      'Cannot be empty',
      'Please read and accept the privacy policy and the user agreement first',
    ]);
  });
});
