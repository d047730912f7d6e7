import { useTranslation } from '../../../lib/use-translation.ts';

const TERMS = ['period', 'items', 'agreement', 'overturned', 'median', 'kappa'] as const;

/** What each figure counts (docs/decisions.md "Appraiser calibration"), behind a disclosure. */
export function Definitions() {
  const { t } = useTranslation('calibration');
  return (
    <details className="card calibration-details calibration-help">
      <summary>{t('help.title')}</summary>
      <dl className="figures-help__list">
        {TERMS.map((term) => (
          <div key={term} className="figures-help__item">
            <dt>{t(`help.${term}.term`)}</dt>
            <dd>{t(`help.${term}.text`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
