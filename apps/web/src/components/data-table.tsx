import { INTL_LOCALES, type Lang } from '@jewel/contract/values/i18n';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { addBundles, type Texts } from '../lib/i18n.ts';
import { useTranslation } from '../lib/use-translation.ts';
import './data-table.css';

// The table's texts load with its code, on a wide screen only.
addBundles(import.meta.glob<{ default: Texts }>('../locales/*/table.json'));

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** A value a column sorts by: text by the reader's collation, numbers by size; nothing sorts last. */
export type SortValue = string | number | null | undefined;

export interface Column<Row> {
  /** Names the column in the stored choice and the sort. */
  key: string;
  /** The header's text, in the reader's language. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Sorted on the rows loaded by this value (no server sort). */
  sortValue?: (row: Row) => SortValue;
  /** Sorted by the server (the table's `onSort`). */
  serverSort?: boolean;
  /** May be hidden from the "Columns" menu. */
  optional?: boolean;
  /** Hidden until chosen (an optional column). */
  hiddenByDefault?: boolean;
  /** Amounts and counts: aligned to the end, tabular figures. */
  numeric?: boolean;
  /** The cell that names its row (a `<th scope="row">`). */
  rowHeader?: boolean;
}

export interface DataTableProps<Row> {
  /** Names the stored choice of columns (localStorage `jewel-table:<id>`). */
  id: string;
  /** The table's accessible name (its caption, said by screen readers). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The order the rows come in, when it is one of the columns'. */
  initialSort?: SortState | null;
  /** Server sorting: the current order and what to do on a header's click (rows are shown as given). */
  sort?: SortState | null;
  onSort?: (next: SortState) => void;
  /** Under the table (the infinite list's "load more"). */
  footer?: ReactNode;
  /** A `data-testid` for each row. */
  rowTestId?: string;
}

const collators = new Map<Lang, Intl.Collator>();
function collator(lang: Lang): Intl.Collator {
  let made = collators.get(lang);
  if (!made) {
    made = new Intl.Collator(INTL_LOCALES[lang], { numeric: true, sensitivity: 'base' });
    collators.set(lang, made);
  }
  return made;
}

const empty = (value: SortValue) => value === null || value === undefined || value === '';

/**
 * The rows in a column's order: text by the reader's language's collation (pinyin in Simplified
 * Chinese, stroke counts in Traditional, the kana order in Japanese), numbers by size; rows
 * without a value last in either direction; equal values in the order they were loaded.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
  lang: Lang,
): Row[] {
  const compareText = collator(lang).compare;
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: value(row) }))
    .sort((a, b) => {
      const aEmpty = empty(a.value);
      const bEmpty = empty(b.value);
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : compareText(String(a.value), String(b.value));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}

const STORAGE_PREFIX = 'jewel-table:';

function storedHidden(id: string): string[] | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_PREFIX + id) ?? 'null') as { hidden?: unknown } | null;
    return Array.isArray(stored?.hidden) ? stored.hidden.filter((key) => typeof key === 'string') : null;
  } catch {
    return null;
  }
}

function storeHidden(id: string, hidden: readonly string[]) {
  try {
    localStorage.setItem(STORAGE_PREFIX + id, JSON.stringify({ hidden }));
  } catch {
    // Storage full or refused (a private window): the choice holds until the page goes.
  }
}

/**
 * A back-office list at a desk (issue 28 item 9): a real table named by its caption, each
 * sortable header a button (click, Enter or Space; ascending first, then descending) whose
 * header carries `aria-sort`; a "Columns" menu of checkboxes shows or hides the optional
 * columns, remembered per table on this browser.
 */
export default function DataTable<Row>({
  id,
  caption,
  columns,
  rows,
  rowKey,
  initialSort = null,
  sort: serverSort,
  onSort,
  footer,
  rowTestId,
}: DataTableProps<Row>) {
  const { lang } = useTranslation('table');
  const [hidden, setHidden] = useState<string[]>(
    () => storedHidden(id) ?? columns.filter((column) => column.hiddenByDefault).map((column) => column.key),
  );
  const [clientSort, setClientSort] = useState<SortState | null>(initialSort);
  const sort = onSort ? (serverSort ?? null) : clientSort;
  const shown = columns.filter((column) => !(column.optional && hidden.includes(column.key)));

  const sorted = useMemo(() => {
    if (onSort || !sort) return rows;
    const value = columns.find((column) => column.key === sort.key)?.sortValue;
    return value ? sortRows(rows, value, sort.direction, lang) : rows;
  }, [rows, columns, sort, onSort, lang]);

  const sortBy = (key: string) => {
    const next: SortState = {
      key,
      direction: sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending',
    };
    if (onSort) onSort(next);
    else setClientSort(next);
  };

  const toggle = (key: string, show: boolean) => {
    const next = show ? hidden.filter((other) => other !== key) : [...hidden, key];
    setHidden(next);
    storeHidden(id, next);
  };

  return (
    <div className="data-table">
      <div className="data-table__tools">
        <ColumnChoice caption={caption} columns={columns} hidden={hidden} onToggle={toggle} />
      </div>
      <section className="data-table__scroll" aria-label={caption}>
        <table className="data-table__table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {shown.map((column) => {
                const sortable = onSort ? column.serverSort : column.sortValue !== undefined;
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sortable ? direction : undefined}
                    className={column.numeric ? 'data-table__numeric' : undefined}
                    data-column={column.key}
                  >
                    {sortable ? (
                      <button type="button" className="data-table__sort" onClick={() => sortBy(column.key)}>
                        <span>{column.header}</span>
                        <span className="data-table__arrow" aria-hidden="true">
                          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId} data-id={rowKey(row)}>
                {shown.map((column) => {
                  const className = column.numeric ? 'data-table__numeric' : undefined;
                  return column.rowHeader ? (
                    <th key={column.key} scope="row" className={className} data-column={column.key}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={className} data-column={column.key}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {footer}
    </div>
  );
}

/**
 * The "Columns" button and its list of checkboxes (a disclosure): Tab and Space work them, the
 * focus stays on the box changed; Escape or a click elsewhere closes it, the focus back on the button.
 */
function ColumnChoice<Row>({
  caption,
  columns,
  hidden,
  onToggle,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  hidden: readonly string[];
  onToggle: (key: string, show: boolean) => void;
}) {
  const { t } = useTranslation('table');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const optional = columns.filter((column) => column.optional);

  useEffect(() => {
    const box = wrapper.current;
    if (!open || !box) return;
    const outside = (event: PointerEvent) => {
      if (!box.contains(event.target as Node)) setOpen(false);
    };
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    // Tabbing past the last box closes the list.
    const leave = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !box.contains(next)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    box.addEventListener('keydown', close);
    box.addEventListener('focusout', leave);
    return () => {
      document.removeEventListener('pointerdown', outside);
      box.removeEventListener('keydown', close);
      box.removeEventListener('focusout', leave);
    };
  }, [open]);

  if (optional.length === 0) return null;
  return (
    <div className="data-table__choice" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="data-table__choice-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('columnsOf', { table: caption })}
        onClick={() => setOpen((was) => !was)}
      >
        {t('columns')}
      </button>
      <fieldset id={panelId} className="data-table__choice-panel" hidden={!open}>
        <legend className="data-table__choice-legend">{t('shown')}</legend>
        {optional.map((column) => (
          <label key={column.key} className="data-table__choice-row">
            <input
              type="checkbox"
              checked={!hidden.includes(column.key)}
              onChange={(event) => onToggle(column.key, event.target.checked)}
            />
            <span>{column.header}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
