import { BarChart } from 'chartist';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import 'chartist/dist/index.css';
import { percent } from '@jewel/contract/values/calibration';
import { percentText } from '../calibration-format.ts';

export interface ChartRow {
  key: number;
  label: string;
  agreement: number | null;
  overturned: number | null;
}

const BAR_ROW_PX = 44;
const AXIS_PX = 32;

/** Long names would squeeze the bars on a phone: the axis shows the first characters, the table all. */
function shortName(name: string): string {
  return name.length > 8 ? `${name.slice(0, 7)}…` : name;
}

/**
 * Agreement and overturned rates per row as horizontal bars (chartist, loaded with this page only).
 * The drawing is hidden from assistive technology; a visually hidden table says the same.
 */
export function RateChart({ title, rows }: { title: string; rows: ChartRow[] }) {
  const { t } = useTranslation('calibration');
  const host = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!host.current || rows.length === 0) return;
    // Horizontal bars are drawn from the bottom up: the rows reversed read from the top down.
    const drawn = [...rows].reverse();
    const chart = new BarChart(
      host.current,
      {
        labels: drawn.map((row) => shortName(row.label)),
        // Chartist puts a group's first series lowest: overturned first, so agreement reads first, as the legend.
        series: [drawn.map((row) => percent(row.overturned)), drawn.map((row) => percent(row.agreement))],
      },
      {
        horizontalBars: true,
        seriesBarDistance: 12,
        height: `${rows.length * BAR_ROW_PX + AXIS_PX}px`,
        chartPadding: { top: 8, right: 36, bottom: 0, left: 0 },
        axisX: { low: 0, high: 100, onlyInteger: true, labelInterpolationFnc: (value) => `${value}%` },
        axisY: { offset: 72 },
      },
    );
    return () => {
      chart.detach();
    };
  }, [rows]);
  return (
    <section className="card calibration-chart" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      <ul className="calibration-legend" aria-hidden="true">
        <li className="calibration-legend__item calibration-legend__item--agreement">{t('figures.agreement')}</li>
        <li className="calibration-legend__item calibration-legend__item--overturned">{t('figures.overturned')}</li>
      </ul>
      <div ref={host} className="calibration-chart__plot" aria-hidden="true" />
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.group')}</th>
            <th scope="col">{t('figures.agreement')}</th>
            <th scope="col">{t('figures.overturned')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{percentText(row.agreement)}</td>
              <td>{percentText(row.overturned)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
