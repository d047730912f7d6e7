import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { renderWithTexts } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn(), WebAuthnAbortService: { cancelCeremony: vi.fn() } }));
vi.mock('@simplewebauthn/browser', () => browser);

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

/** What the server answers `GET /api/auth/methods` with: the providers configured. */
let providers: { key: string; name: string }[] = [];

/**
 * The page's calls go to `fetch`, except the list of sign-in providers the buttons ask for once
 * the page is idle, answered with `providers`.
 */
function stubFetch(fetch: (url: string, init: RequestInit) => unknown) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) =>
    url === '/api/auth/methods'
      ? new Response(JSON.stringify({ code: 0, msg: 'ok', data: { providers } }))
      : fetch(url, init),
  );
}

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

describe('signing in with a passkey', () => {
  const OPTIONS = {
    challenge_id: '5f0c6a8e-2f57-4c1e-9d0a-3f1b2c4d5e6f',
    options: { challenge: 'Y2g', rpId: 'localhost' },
  };
  const ANSWER = {
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'NDE' },
  };
  const TOKENS = {
    token: 't41',
    refresh_token: 'r41',
    expires_in: 900,
    user: { id: 41, name: 'Chen Xiao', is_tmp: 0 },
  };

  beforeEach(() => {
    // The button comes once the browser is idle: at once here.
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      run();
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    browser.startAuthentication.mockReset();
  });
  afterEach(() => {
    useAuthStore.getState().clear();
    localStorage.clear();
    // A test's "Signed in" toast outlives it on a slow machine: the next one starts without it.
    Toast.clear();
  });

  it('offers none where the browser has no WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    stubFetch(vi.fn());
    renderLogin();
    await import('./passkey-sign-in-button.tsx');
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('asks for the agreement first, as the password does, and calls nothing', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const fetch = vi.fn();
    stubFetch(fetch);
    const { onSignedIn } = renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(texts()).toEqual(['Please read and accept the privacy policy and the user agreement first']);
    expect(fetch).not.toHaveBeenCalled();
    expect(browser.startAuthentication).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in with the passkey the browser gives, no mobile or password typed, and starts the session', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const answers = [OPTIONS, TOKENS];
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 0, msg: 'ok', data: answers.shift() })),
    );
    stubFetch(fetch);
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const { onSignedIn } = renderLogin();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    // The password's own toast.
    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: OPTIONS.options,
      useBrowserAutofill: false,
    });
    expect(fetch.mock.calls.map(([url, init]) => [url, init.method, JSON.parse(String(init.body ?? 'null'))])).toEqual([
      ['/api/auth/passkey/options', 'POST', null],
      ['/api/auth/passkey', 'POST', { challenge_id: OPTIONS.challenge_id, response: ANSWER }],
    ]);
    expect(useAuthStore.getState().token).toBe('t41');
    expect(useAuthStore.getState().user?.id).toBe(41);
  });

  it('says nothing when the browser prompt is closed, and stays signed out', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: OPTIONS })));
    stubFetch(fetch);
    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    const { onSignedIn } = renderLogin();
    await userEvent.click(screen.getByRole('checkbox'));
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await userEvent.click(button);
    await waitFor(() => expect(browser.startAuthentication).toHaveBeenCalledOnce());
    await waitFor(() => expect(button.className).not.toContain('adm-button-loading'));
    expect(fetch).toHaveBeenCalledOnce();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(document.querySelector('.adm-toast-mask')?.textContent ?? null).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it("offers the phone's passkeys in the mobile field's autofill; one picked before the agreement sends nothing", async () => {
    const conditional = Object.assign(function PublicKeyCredential() {}, {
      isConditionalMediationAvailable: async () => true,
    });
    vi.stubGlobal('PublicKeyCredential', conditional);
    const answers = [OPTIONS, { ...OPTIONS, challenge_id: '6f0c6a8e-2f57-4c1e-9d0a-3f1b2c4d5e6f' }, TOKENS];
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 0, msg: 'ok', data: answers.shift() })),
    );
    stubFetch(fetch);
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const { onSignedIn } = renderLogin();
    expect(screen.getByLabelText('Mobile number').getAttribute('autocomplete')).toBe('username webauthn');
    // Picked at once, the agreement not ticked: said as for the password, nothing sent.
    await waitFor(() =>
      expect(texts()).toEqual(['Please read and accept the privacy policy and the user agreement first']),
    );
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: OPTIONS.options,
      useBrowserAutofill: true,
    });
    expect(fetch).toHaveBeenCalledOnce();
    // Ticked, the offer starts again, and the passkey picked signs in.
    await userEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/passkey/options',
      '/api/auth/passkey/options',
      '/api/auth/passkey',
    ]);
    expect(JSON.parse(String(fetch.mock.calls[2]?.[1].body))).toEqual({
      challenge_id: '6f0c6a8e-2f57-4c1e-9d0a-3f1b2c4d5e6f',
      response: ANSWER,
    });
    expect(useAuthStore.getState().token).toBe('t41');
  });
});

describe('signing in with a provider', () => {
  beforeEach(() => {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      run();
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.stubGlobal('PublicKeyCredential', undefined);
  });
  afterEach(() => {
    providers = [];
    sessionStorage.clear();
  });

  it('offers no provider button when the shop configured none', async () => {
    stubFetch(vi.fn());
    renderLogin();
    await import('./provider-sign-in-buttons.tsx');
    await act(async () => undefined);
    expect(screen.queryByRole('list', { name: 'Other ways to sign in' })).toBeNull();
  });

  it('asks for the agreement first, then sends the browser to the provider, keeping the state', async () => {
    providers = [
      { key: 'wechat', name: 'WeChat' },
      { key: 'line', name: 'LINE' },
    ];
    const STATE = 's'.repeat(43);
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(
          JSON.stringify({ code: 0, msg: 'ok', data: { url: 'https://access.line.me/authorize?x=1', state: STATE } }),
        ),
    );
    stubFetch(fetch);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Sign in with WeChat' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with LINE' }));
    expect(texts()).toEqual(['Please read and accept the privacy policy and the user agreement first']);
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with LINE' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://access.line.me/authorize?x=1'));
    expect(fetch.mock.calls.map(([url, init]) => [url, init.method])).toEqual([
      ['/api/auth/providers/line/start', 'POST'],
    ]);
    expect(JSON.parse(sessionStorage.getItem('jewel-provider-request') ?? 'null')).toEqual({
      provider: 'line',
      purpose: 'sign-in',
      state: STATE,
    });
  });
});
