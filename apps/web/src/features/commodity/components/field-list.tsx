import type { ReactNode } from 'react';
import './field-list.css';

export interface FieldRow {
  label: string;
  value: ReactNode;
  /** Long text: the value under its label, over the whole width. */
  block?: boolean;
}

/** Label–value rows; rows without a value are left out (an em dash where `keepEmpty`). */
export function FieldList({ rows, keepEmpty = false }: { rows: FieldRow[]; keepEmpty?: boolean }) {
  const shown = rows.filter((row) => keepEmpty || (row.value !== null && row.value !== undefined && row.value !== ''));
  return (
    <dl className="commodity-fields">
      {shown.map((row) => (
        <div key={row.label} className={row.block ? 'commodity-fields__row is-block' : 'commodity-fields__row'}>
          <dt>{row.label}</dt>
          <dd>{row.value === null || row.value === undefined || row.value === '' ? '—' : row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A white card with a title (UI.md "Frame"). */
export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="card commodity-section">
      <div className="commodity-section__head">
        <h2 className="card__title commodity-section__title">{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}
