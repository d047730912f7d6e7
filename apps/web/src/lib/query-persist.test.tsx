import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store.ts';
import { useNetworkStore } from '../stores/network-store.ts';
import { persistQueries, withoutPersonalData } from './query-persist.ts';

const KEY = 'jewel-query-cache';

function signIn(id: number, isTmp = 0) {
  useAuthStore.getState().signIn({
    token: 't',
    refresh_token: 'r',
    user: { id, is_tmp: isTmp } as never,
  } as never);
}

afterEach(() => {
  useNetworkStore.setState({ online: true });
  vi.useRealTimers();
  localStorage.clear();
});

describe('query-persist', () => {
  it('blanks personal fields at any depth and marks the customer masked', () => {
    expect(
      withoutPersonalData({
        product_name: 'Bracelet',
        enrollment: { customer_name: '王先生', customer_phone: '13900000000', customer_masked: false },
        items: [{ customer_name: '李女士', no: 'A1' }],
      }),
    ).toEqual({
      product_name: 'Bracelet',
      enrollment: { customer_name: '', customer_phone: '', customer_masked: true },
      items: [{ customer_name: '', no: 'A1' }],
    });
  });

  it('keeps only the kinds of data allowed, for the same user, and forgets them at sign-out', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    signIn(7);
    const client = new QueryClient();
    persistQueries(client);
    client.setQueryData(['commodity', 1], { product_name: 'Ring', customer_name: '王先生', customer_masked: false });
    client.setQueryData(['customers', 'list'], [{ name: '王先生' }]);
    client.setQueryData(['ledger'], [{ seller: '王先生' }]);
    vi.advanceTimersByTime(1100);
    const kept = localStorage.getItem(KEY) ?? '';
    expect(kept).toContain('Ring');
    expect(kept).not.toContain('王先生');

    // Online, the kept copy is not shown; offline it is.
    const online = new QueryClient();
    persistQueries(online);
    expect(online.getQueryData(['commodity', 1])).toBeUndefined();
    useNetworkStore.setState({ online: false });
    const again = new QueryClient();
    persistQueries(again);
    expect(again.getQueryData(['commodity', 1])).toEqual({
      product_name: 'Ring',
      customer_name: '',
      customer_masked: true,
    });
    // With the time the server sent it: the page says how old it is.
    expect(again.getQueryState(['commodity', 1])?.dataUpdatedAt).toBe(Date.parse('2026-11-20T10:00:00Z'));
    expect(again.getQueryData(['customers', 'list'])).toBeUndefined();

    // Another user on the shared phone sees none of it.
    signIn(8);
    const other = new QueryClient();
    persistQueries(other);
    expect(other.getQueryData(['commodity', 1])).toBeUndefined();

    useAuthStore.getState().clear();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("blanks a history's old and new customer values in the offline copy (issue 27)", () => {
    vi.useFakeTimers();
    signIn(7);
    const client = new QueryClient();
    persistQueries(client);
    client.setQueryData(['commodity', 3], {
      product_name: 'Ring',
      customer_name: '李女士',
      customer_masked: false,
      history: [
        {
          id: 1,
          action: 'update',
          changes: {
            customer_name: ['王先生', '李女士'],
            customer_phone: ['13912345678', '13887654321'],
            customer_address: ['上海市徐汇区漕溪北路1号', null],
            product_name: ['Ring', 'Gold ring'],
          },
        },
      ],
    });
    vi.advanceTimersByTime(1100);
    const kept = localStorage.getItem(KEY) ?? '';
    for (const personal of ['王先生', '李女士', '13912345678', '13887654321', '上海市徐汇区漕溪北路1号'])
      expect(kept).not.toContain(personal);
    const { queries } = JSON.parse(kept) as { queries: { data: { history: { changes: unknown }[] } }[] };
    expect(queries[0]?.data.history[0]?.changes).toEqual({
      customer_name: ['', ''],
      customer_phone: ['', ''],
      customer_address: ['', null],
      product_name: ['Ring', 'Gold ring'],
    });
  });

  it("keeps no list searched by a customer's phone or name (issue 27)", () => {
    vi.useFakeTimers();
    signIn(7);
    const client = new QueryClient();
    persistQueries(client);
    client.setQueryData(['commodities', 'list', { tab: 'all', scope: 'all', keyword: '' }], [{ no: 'A1' }]);
    client.setQueryData(['commodities', 'list', { tab: 'all', scope: 'all', keyword: '13912345678' }], [{ no: 'A2' }]);
    vi.advanceTimersByTime(1100);
    const kept = localStorage.getItem(KEY) ?? '';
    expect(kept).toContain('A1');
    expect(kept).not.toContain('13912345678');
    expect(kept).not.toContain('A2');
  });
});
