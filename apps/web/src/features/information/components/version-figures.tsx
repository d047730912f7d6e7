import type { SubtotalVersion } from '@jewel/contract/information';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** "70.1 %": a share of 0..1 as a percentage with one decimal. */
export function useShareText() {
  const { t } = useTranslation('information');
  return (share: number | null) =>
    share === null
      ? t('figures.noShare')
      : t('figures.percent', { value: formatNumber(Math.round(share * 1000) / 10) });
}

function MinAvgMax({
  label,
  currency,
  min,
  avg,
  max,
}: {
  label: string;
  currency: string;
  min: number | null;
  avg: number | null;
  max: number | null;
}) {
  const { t } = useTranslation('information');
  const money = (value: number | null) => (value === null ? '–' : formatMoney(value, currency));
  return (
    <div className="info-figures__row">
      <h4 className="info-figures__label">{label}</h4>
      <dl className="info-figures__triple figure">
        <div>
          <dt>{t('figures.min')}</dt>
          <dd>{money(min)}</dd>
        </div>
        <div>
          <dt>{t('figures.avg')}</dt>
          <dd>{money(avg)}</dd>
        </div>
        <div>
          <dt>{t('figures.max')}</dt>
          <dd>{money(max)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** A version's figures: the count and genuine share, then per currency the estimate and the buyback price. */
export function VersionFigures({ version }: { version: SubtotalVersion }) {
  const { t } = useTranslation('information');
  const share = useShareText();
  return (
    <div className="info-figures" data-testid="version-figures" data-version={version.version}>
      <dl className="info-figures__head">
        <div>
          <dt>{t('figures.count')}</dt>
          <dd className="figure" data-testid="figure-count">
            {formatNumber(version.count)}
          </dd>
        </div>
        <div>
          <dt>{t('figures.genuineShare')}</dt>
          <dd className="figure" data-testid="figure-share">
            {share(version.genuine_share)}
          </dd>
        </div>
      </dl>
      {version.by_currency.map((figures) => (
        <section key={figures.currency} className="info-figures__currency" data-currency={figures.currency}>
          <h3 className="info-figures__currency-title">
            <span>{figures.currency}</span>
            <span className="muted">
              {t('figures.currencyCount', { count: figures.count, bought: figures.recycle_count })}
            </span>
          </h3>
          {figures.count > 0 ? (
            <MinAvgMax
              label={t('figures.estimate')}
              currency={figures.currency}
              min={figures.price_min}
              avg={figures.price_avg}
              max={figures.price_max}
            />
          ) : null}
          {figures.recycle_count > 0 ? (
            <MinAvgMax
              label={t('figures.recycle')}
              currency={figures.currency}
              min={figures.recycle_min}
              avg={figures.recycle_avg}
              max={figures.recycle_max}
            />
          ) : (
            <p className="muted info-figures__none">{t('figures.noneBought')}</p>
          )}
        </section>
      ))}
    </div>
  );
}
