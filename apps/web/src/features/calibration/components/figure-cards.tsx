import type { CalibrationFigures } from '@jewel/contract/calibration';
import { SMALL_SAMPLE } from '@jewel/contract/values/calibration';
import { formatNumber } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { kappaLabel, medianText, percentText } from '../calibration-format.ts';

/**
 * The five figures of one scope, as tiles; each names what it counts from. A rate from fewer than
 * SMALL_SAMPLE items is marked so, and not set in bold.
 */
export function FigureCards({ figures, label }: { figures: CalibrationFigures; label: string }) {
  const { t } = useTranslation('calibration');
  const tiles = [
    { key: 'items', value: formatNumber(figures.items), hint: null, sample: null },
    {
      key: 'agreement',
      value: percentText(figures.agreement_rate),
      hint: t('figures.ofPairs', { agreed: figures.agreed, pairs: figures.pairs }),
      sample: figures.agreement_rate === null ? null : figures.pairs,
    },
    {
      key: 'overturned',
      value: percentText(figures.overturned_rate),
      hint: t('figures.ofJudged', { overturned: figures.overturned, judged: figures.judged }),
      sample: figures.overturned_rate === null ? null : figures.judged,
    },
    { key: 'median', value: medianText(figures.median_seconds), hint: null, sample: null },
    {
      key: 'kappa',
      value: kappaLabel(figures.kappa, t),
      hint: t('figures.kappaHint'),
      sample: figures.kappa === null ? null : figures.pairs,
    },
  ];
  return (
    <dl className="calibration-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <div
          key={tile.key}
          className={`calibration-tile calibration-tile--${tile.key}${small(tile.sample) ? ' calibration-tile--small' : ''}`}
          data-figure={tile.key}
        >
          <dt className="calibration-tile__label">{t(`figures.${tile.key}`)}</dt>
          <dd className="calibration-tile__value figure">{tile.value}</dd>
          {small(tile.sample) ? (
            <dd className="calibration-tile__small" data-testid="small-sample">
              {t('figures.smallSample', { count: tile.sample })}
            </dd>
          ) : null}
          {tile.hint ? <dd className="calibration-tile__hint muted">{tile.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

const small = (sample: number | null): sample is number => sample !== null && sample < SMALL_SAMPLE;
