import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import type { DataTableProps } from './data-table.tsx';
import './wide-table.css';
import { LoadingRows } from './loading-rows.tsx';

/**
 * A laptop's width: from here the back office shows tables (issue 28 item 9, docs/decisions.md
 * "The back office at a desk").
 */
export const WIDE_QUERY = '(min-width: 1024px)';

function wideList(): MediaQueryList | null {
  return typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(WIDE_QUERY);
}

function subscribe(changed: () => void): () => void {
  const list = wideList();
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
}

/** True on a screen at least 1024 px wide; follows the window as it is resized. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wideList()?.matches ?? false,
    () => false,
  );
}

// The table's code (and its texts) loads only on a wide screen: a phone never asks for it.
const DataTable = lazy(() => import('./data-table.tsx'));

/**
 * A back-office list: its cards below 1024 px, exactly as on a phone; a sortable table with a
 * choice of columns from 1024 px.
 */
export function CardsOrTable<Row>({ cards, table }: { cards: ReactNode; table: DataTableProps<Row> }) {
  const wide = useWideScreen();
  if (!wide) return <>{cards}</>;
  return (
    <Suspense fallback={<LoadingRows rows={4} />}>
      <DataTable {...(table as unknown as DataTableProps<unknown>)} />
    </Suspense>
  );
}
