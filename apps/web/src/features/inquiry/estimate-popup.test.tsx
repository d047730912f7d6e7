import type { Inquiry } from '@jewel/contract/inquiry';
import type { ShopSettings } from '@jewel/contract/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopSettingsOptions } from '../../lib/shop-settings.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { EstimatePopup } from './components/estimate-popup.tsx';

const INQUIRY: Inquiry = {
  id: 7,
  customer_name: 'W.',
  contact: '',
  brand: null,
  product: null,
  product_name: 'Rolex Submariner',
  photos: [],
  source: 'phone',
  priority: 0,
  remark: '',
  status: 1,
  estimate_status: 0,
  estimate: null,
  recorder: { id: 1, name: 'Chen Xiao' },
  created_at: '2026-11-28T02:00:00.000Z',
  closed_at: null,
};

const SETTINGS: ShopSettings = {
  default_currency: 'CNY',
  identity_check: { always: true, thresholds: {} },
  retention_months: 36,
  watch_ack_single_person: false,
  managers_strong_sign_in: false,
};

/** The inquiry card's button and the estimate it opens, as the card shows them. */
function Estimating() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Estimate
      </button>
      {open ? <EstimatePopup inquiry={INQUIRY} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function renderEstimating() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The shop's settings are read once a session: here, already read.
  client.setQueryData(shopSettingsOptions().queryKey, SETTINGS);
  renderWithTexts(
    <QueryClientProvider client={client}>
      <Estimating />
    </QueryClientProvider>,
  );
}

const TITLE = 'Estimate: Rolex Submariner';

describe('the estimate sheet (issue 29 item 8: every sheet a close)', () => {
  beforeEach(() => {
    // Nothing is sent: a call would be a mistake.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is a dialog named by its title with a close button in its corner', async () => {
    renderEstimating();
    await userEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    const sheet = await screen.findByRole('dialog', { name: TITLE });
    // The form is inside: the lowest and highest prices.
    expect(within(sheet).getByLabelText('Lowest')).toBeTruthy();
    expect(within(sheet).getByLabelText('Highest')).toBeTruthy();
    // A tap: the popup's opening animation leaves pointer events off in happy-dom, so the click is dispatched.
    within(sheet).getByRole('button', { name: 'Close' }).click();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    renderEstimating();
    const opener = screen.getByRole('button', { name: 'Estimate' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: TITLE });
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
