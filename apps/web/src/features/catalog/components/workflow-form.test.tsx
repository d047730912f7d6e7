import type { WorkflowRecord } from '@jewel/contract/catalog-admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import WorkflowForm from './workflow-form.tsx';

// An appraisal workflow's form (issue 28 item 5), written from PRODUCT.md "Workflows": the
// standard one is what a distribution naming none follows, so only its names change; another one
// is added with a code of its own, a name in every language, with or without a reconsideration.

const NAMES = { 'zh-Hans': '标准鉴定', 'zh-Hant': '標準鑑定', en: 'Standard', ja: '標準鑑定' };
const STANDARD: WorkflowRecord = {
  id: 1,
  code: 'standard',
  name: NAMES,
  reconsideration: true,
  retired: false,
  standard: true,
};

function serve() {
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? 'null'));
    return new Response(
      JSON.stringify({ code: 0, msg: 'ok', data: { id: 9, retired: false, standard: false, ...body } }),
      {
        status: 200,
      },
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const sent = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.map(([url, init]) => [init.method, url, JSON.parse(String(init.body))]);

function renderForm(workflow: WorkflowRecord | null, onDone = () => {}) {
  renderWithTexts(
    <QueryClientProvider client={new QueryClient()}>
      <WorkflowForm workflow={workflow} onDone={onDone} />
    </QueryClientProvider>,
  );
}

describe('an appraisal workflow’s form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the standard one: its code and reconsideration stay, it cannot be retired; its names change', async () => {
    const fetch = serve();
    const done = vi.fn();
    renderForm(STANDARD, done);
    expect(screen.getByText(/The default: a distribution that names no workflow follows it/)).toBeTruthy();
    expect(screen.getByLabelText(/^Code/)).toHaveProperty('disabled', true);
    expect(screen.getByRole('switch', { name: 'A second valuer reconsiders' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Retire' })).toBeNull();
    const english = screen.getByLabelText(/^Name in English/);
    await userEvent.clear(english);
    await userEvent.type(english, 'Standard, two valuers ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent(fetch)).toEqual([
      [
        'PUT',
        '/api/catalog/workflows/1',
        { code: 'standard', name: { ...NAMES, en: 'Standard, two valuers' }, reconsideration: true },
      ],
    ]);
  });

  it('a new one: its code and every name checked first, then sent without a reconsideration', async () => {
    const fetch = serve();
    renderForm(null);
    await userEvent.type(screen.getByLabelText(/^Code/), 'Gold Bars');
    await userEvent.type(screen.getByLabelText(/^Name in English/), 'Bullion');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const errorOf = (field: string) =>
      document.querySelector(`[data-field="${field}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;
    expect(errorOf('code')).toBe('Lower-case letters, digits, - and _ only, 60 at most.');
    expect(errorOf('name.ja')).toBe('Cannot be empty');
    expect(errorOf('name.en')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^Code/));
    await userEvent.type(screen.getByLabelText(/^Code/), 'bullion');
    await userEvent.type(screen.getByLabelText(/^Name in 简体中文/), '金条');
    await userEvent.type(screen.getByLabelText(/^Name in 繁體中文/), '金條');
    await userEvent.type(screen.getByLabelText(/^Name in 日本語/), 'インゴット');
    await userEvent.click(screen.getByRole('switch', { name: 'A second valuer reconsiders' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent(fetch)).toEqual([
        [
          'POST',
          '/api/catalog/workflows',
          {
            code: 'bullion',
            name: { 'zh-Hans': '金条', 'zh-Hant': '金條', en: 'Bullion', ja: 'インゴット' },
            reconsideration: false,
          },
        ],
      ]),
    );
  });
});
