import type { CalibrationValuer } from '@jewel/contract/calibration';
import { useTranslation } from '../../../lib/use-translation.ts';
import { BreakdownTable } from './breakdown-table.tsx';
import { FigureCards } from './figure-cards.tsx';

/** One valuer's figures, and per category and brand behind a disclosure. */
export function ValuerCard({ entry }: { entry: CalibrationValuer }) {
  const { t } = useTranslation('calibration');
  const { valuer } = entry;
  return (
    <article className="card calibration-valuer" aria-label={valuer.name} data-valuer={valuer.id}>
      <h3 className="calibration-valuer__name">
        {valuer.name}
        {valuer.temporary ? <span className="calibration-valuer__guest">{t('valuer.guest')}</span> : null}
      </h3>
      <FigureCards figures={entry.figures} label={t('valuer.figures', { name: valuer.name })} />
      {entry.by_category.length + entry.by_brand.length > 0 ? (
        <details className="calibration-details">
          <summary>{t('valuer.breakdown')}</summary>
          <BreakdownTable
            caption={t('valuer.byCategory', { name: valuer.name })}
            kind="category"
            groups={entry.by_category}
          />
          <BreakdownTable caption={t('valuer.byBrand', { name: valuer.name })} kind="brand" groups={entry.by_brand} />
        </details>
      ) : null}
    </article>
  );
}
