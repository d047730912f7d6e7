import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../test/render.tsx';
import DataTable, { type Column, sortRows } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
  amount: number | null;
  note: string;
}

/** Loaded in this order (the server's, newest first). */
const ROWS: Row[] = [
  { id: 1, name: '张伟', amount: 500, note: 'a' },
  { id: 2, name: '李娜', amount: 1200, note: 'b' },
  { id: 3, name: '王芳', amount: 500, note: 'c' },
  { id: 4, name: '安琪', amount: null, note: 'd' },
];

const ids = (rows: Row[]) => rows.map((row) => row.id);

describe('sortRows', () => {
  it('orders Chinese names by pinyin in Simplified Chinese: an, li, wang, zhang', () => {
    expect(ids(sortRows(ROWS, (row) => row.name, 'ascending', 'zh-Hans'))).toEqual([4, 2, 3, 1]);
    expect(ids(sortRows(ROWS, (row) => row.name, 'descending', 'zh-Hans'))).toEqual([1, 3, 2, 4]);
  });

  it('orders Japanese names in the kana order: あ, さ, た', () => {
    const people = [
      { id: 1, name: 'たなか' },
      { id: 2, name: 'あべ' },
      { id: 3, name: 'さとう' },
    ];
    expect(sortRows(people, (row) => row.name, 'ascending', 'ja').map((row) => row.id)).toEqual([2, 3, 1]);
  });

  it('orders numbers inside text by their size', () => {
    const items = [
      { id: 1, name: 'Item 10' },
      { id: 2, name: 'Item 2' },
    ];
    expect(sortRows(items, (row) => row.name, 'ascending', 'en').map((row) => row.id)).toEqual([2, 1]);
  });

  it('keeps equal values in the loaded order both ways and puts rows without a value last', () => {
    // 500 (1), 500 (3), 1200 (2); no amount (4) last.
    expect(ids(sortRows(ROWS, (row) => row.amount, 'ascending', 'en'))).toEqual([1, 3, 2, 4]);
    expect(ids(sortRows(ROWS, (row) => row.amount, 'descending', 'en'))).toEqual([2, 1, 3, 4]);
  });
});

const COLUMNS: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name, rowHeader: true },
  { key: 'amount', header: 'Amount', cell: (row) => row.amount ?? '—', sortValue: (row) => row.amount, numeric: true },
  { key: 'note', header: 'Note', cell: (row) => row.note, optional: true },
  {
    key: 'open',
    header: 'Actions',
    cell: (row) => (
      <button type="button" onClick={() => opened(row.id)}>
        Open {row.name}
      </button>
    ),
  },
];
const opened = vi.fn();

function renderTable() {
  return renderWithTexts(
    <DataTable id="test" caption="People" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} rowTestId="row" />,
  );
}

const shownIds = () => screen.getAllByTestId('row').map((row) => Number(row.dataset.id));
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('DataTable', () => {
  it('is a table named by its caption with column headers', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name↕', 'Amount↕', 'Note', 'Actions']);
    expect(shownIds()).toEqual([1, 2, 3, 4]);
    expect(header('Name').getAttribute('aria-sort')).toBeNull();
  });

  it('sorts ascending, then descending, by click, Enter and Space, saying so in aria-sort', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    expect(shownIds()).toEqual([1, 3, 2, 4]);

    screen.getByRole('button', { name: 'Amount' }).focus();
    await user.keyboard('{Enter}');
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(shownIds()).toEqual([2, 1, 3, 4]);

    // Another column: ascending first, the other header no longer sorted.
    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard(' ');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Amount').getAttribute('aria-sort')).toBeNull();
    // English collation of Han characters is by code point: 安 (5B89), 张 (5F20), 李 (674E), 王 (738B).
    expect(shownIds()).toEqual([4, 1, 2, 3]);
  });

  it('keeps the row actions reachable by keyboard', async () => {
    const user = userEvent.setup();
    renderTable();
    screen.getByRole('button', { name: 'Open 李娜' }).focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('hides an optional column from the keyboard, keeps the focus, and remembers it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable();
    const button = screen.getByRole('button', { name: 'Columns of People' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', { name: 'Columns shown' });
    // Only the optional columns are offered.
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['Note']);
    await user.tab();
    expect(document.activeElement).toBe(boxes[0]);
    await user.keyboard(' ');
    expect((boxes[0] as HTMLInputElement).checked).toBe(false);
    expect(document.activeElement).toBe(boxes[0]);
    expect(screen.queryByRole('columnheader', { name: 'Note' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('jewel-table:test') ?? 'null')).toEqual({ hidden: ['note'] });

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    // Opened again later: still hidden.
    unmount();
    renderTable();
    expect(screen.queryByRole('columnheader', { name: 'Note' })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Columns of People' }));
    await user.click(screen.getByRole('checkbox', { name: 'Note' }));
    expect(screen.getByRole('columnheader', { name: 'Note' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('jewel-table:test') ?? 'null')).toEqual({ hidden: [] });
  });
});
