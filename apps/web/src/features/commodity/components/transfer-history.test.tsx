import type { CommodityDetail, HistoryEvent } from '@jewel/contract/commodity';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryQuery } from '../../../lib/dictionary.ts';
import { renderWithTexts } from '../../../test/render.tsx';
import { HistorySection } from './detail-sections.tsx';

/** A transfer as the server records it (docs/adr/0105 "Transfers"): its status kept, the branches named. */
const transfer: HistoryEvent = {
  id: 2,
  action: 'transfer',
  from_status: 80,
  to_status: 80,
  actor: { id: 1, name: 'Chen Xiao' },
  changes: {
    from_branch: { id: 1, name: 'Ginza' },
    to_branch: { id: 2, name: 'Umeda' },
    reason: 'For sale at Umeda',
  },
  created_at: '2026-11-20T06:05:00.000Z',
};

function show(history: HistoryEvent[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The status labels: none needed here, and no call made for them.
  client.setQueryData(dictionaryQuery().queryKey, {});
  renderWithTexts(
    <QueryClientProvider client={client}>
      <HistorySection detail={{ history } as unknown as CommodityDetail} expanded onExpand={() => undefined} />
    </QueryClientProvider>,
  );
}

describe("the detail's history", () => {
  it('shows a transfer with the branches it left and reached, and the reason', () => {
    show([transfer]);
    expect(screen.getByText('Transferred')).toBeTruthy();
    expect(screen.getByText('Ginza → Umeda')).toBeTruthy();
    expect(screen.getByText('For sale at Umeda')).toBeTruthy();
    expect(screen.getByText('Chen Xiao')).toBeTruthy();
  });
});
