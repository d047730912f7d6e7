import type { CalibrationFigures } from '@jewel/contract/calibration';
import { formatNumber } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { kappaLabel, medianText, percentText } from '../calibration-format.ts';

/** The five figures of one scope, as tiles; each names what it counts from. */
export function FigureCards({ figures, label }: { figures: CalibrationFigures; label: string }) {
  const { t } = useTranslation('calibration');
  const tiles = [
    { key: 'items', value: formatNumber(figures.items), hint: null },
    {
      key: 'agreement',
      value: percentText(figures.agreement_rate),
      hint: t('figures.ofPairs', { agreed: figures.agreed, pairs: figures.pairs }),
    },
    {
      key: 'overturned',
      value: percentText(figures.overturned_rate),
      hint: t('figures.ofJudged', { overturned: figures.overturned, judged: figures.judged }),
    },
    { key: 'median', value: medianText(figures.median_seconds), hint: null },
    { key: 'kappa', value: kappaLabel(figures.kappa, t), hint: t('figures.kappaHint') },
  ];
  return (
    <dl className="calibration-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <div key={tile.key} className={`calibration-tile calibration-tile--${tile.key}`} data-figure={tile.key}>
          <dt className="calibration-tile__label">{t(`figures.${tile.key}`)}</dt>
          <dd className="calibration-tile__value figure">{tile.value}</dd>
          {tile.hint ? <dd className="calibration-tile__hint muted">{tile.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
