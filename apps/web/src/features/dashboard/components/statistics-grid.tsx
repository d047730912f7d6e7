import type { Statistics } from '@jewel/contract/user';
import type { CommodityListTab } from '@jewel/contract/values/commodity-status';
import type { RoleCode } from '@jewel/contract/values/roles';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/state-views.tsx';
import { Skeleton } from '../../../lib/antd-mobile.ts';
import { formatDuration, formatNumber } from '../../../lib/format.ts';
import { statisticsOptions } from '../api/dashboard-queries.ts';

interface Figure {
  /** `dashboard:stats.<key>` is its label. */
  key: string;
  /** The large figure, already formatted. */
  value(stats: Statistics): string;
  /** A "today" count shown under the figure. */
  today?(stats: Statistics): number;
  /** The list it opens; none for a figure without a list (the average time). */
  to?: string;
  /**
   * hero: the whole row, the largest figure; half: two to a row; quarter: four to a row;
   * line: the whole row as one slim line (label left, figure right).
   */
  size: 'hero' | 'half' | 'quarter' | 'line';
  /** Something waits for this user: the figure is highlighted when above zero. */
  attention?(stats: Statistics): boolean;
}

const count = (pick: (stats: Statistics) => number) => (stats: Statistics) => formatNumber(pick(stats));
/** The commodity list on a status tab, limited to the caller's own (registered or assigned). */
const myTab = (tab: CommodityListTab) => withQuery(paths.commodityList, { tab, scope: 'mine' });

/** A recorder counts what they registered; a valuer what they appraise (PRODUCT.md "Dashboard"). */
const FIGURES: Record<RoleCode, Figure[]> = {
  recorder: [
    {
      key: 'registered',
      value: count((s) => s.registered_total),
      today: (s) => s.registered_today,
      to: withQuery(paths.commodityList, { scope: 'mine' }),
      size: 'hero',
    },
    {
      key: 'toBeModified',
      value: count((s) => s.to_be_modified),
      to: myTab('toBeModified'),
      size: 'quarter',
      attention: (s) => s.to_be_modified > 0,
    },
    {
      key: 'inAppraisal',
      value: count((s) => s.in_appraisal),
      to: myTab('appraisal'),
      size: 'quarter',
    },
    {
      key: 'inReconsideration',
      value: count((s) => s.in_reconsideration),
      to: myTab('reconsideration'),
      size: 'quarter',
    },
    {
      key: 'identified',
      value: count((s) => s.identified),
      to: myTab('identified'),
      size: 'quarter',
    },
  ],
  valuers: [
    {
      key: 'toBeAppraisedToday',
      value: count((s) => s.to_be_appraised_today),
      to: myTab('appraisal'),
      size: 'hero',
      attention: (s) => s.to_be_appraised_today > 0,
    },
    {
      key: 'inAppraisal',
      value: count((s) => s.in_appraisal),
      to: myTab('appraisal'),
      size: 'quarter',
    },
    {
      key: 'inReconsideration',
      value: count((s) => s.in_reconsideration),
      to: paths.revisitList,
      size: 'quarter',
    },
    {
      key: 'toBeModified',
      value: count((s) => s.to_be_modified),
      to: myTab('toBeModified'),
      size: 'quarter',
    },
    {
      key: 'identified',
      value: count((s) => s.identified),
      to: myTab('identified'),
      size: 'quarter',
    },
    {
      key: 'appraisals',
      value: count((s) => s.appraisals_total),
      today: (s) => s.appraisals_today,
      to: withQuery(paths.commodityList, { scope: 'mine' }),
      size: 'half',
    },
    {
      key: 'reconsiderations',
      value: count((s) => s.reconsiderations_total),
      today: (s) => s.reconsiderations_today,
      to: paths.revisitList,
      size: 'half',
    },
    {
      key: 'averageAppraisalTime',
      value: (s) => (s.average_appraisal_seconds === null ? '—' : formatDuration(s.average_appraisal_seconds)),
      size: 'line',
    },
  ],
};

/** The dashboard counts as large figures; each opens the list it counts. */
export function StatisticsGrid({ role }: { role: RoleCode }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const statistics = useQuery(statisticsOptions());
  const stats = statistics.data;

  return (
    <section className="card dashboard-stats" aria-labelledby="dashboard-stats-title" aria-busy={statistics.isPending}>
      <h2 id="dashboard-stats-title" className="card__title">
        {t(`stats.title.${role}`)}
      </h2>
      {statistics.isError ? (
        <LoadError onRetry={() => statistics.refetch()} />
      ) : (
        <div className="dashboard-stats__grid">
          {FIGURES[role].map((figure) => {
            const highlighted = stats && figure.attention?.(stats);
            const body = (
              <>
                <span className="dashboard-stat__label">{t(`stats.${figure.key}`)}</span>
                <span className="dashboard-stat__figures">
                  {stats ? (
                    <span
                      className={
                        highlighted ? 'dashboard-stat__value dashboard-stat__value--attention' : 'dashboard-stat__value'
                      }
                    >
                      {figure.value(stats)}
                    </span>
                  ) : (
                    <Skeleton.Title animated className="dashboard-stat__skeleton" />
                  )}
                  {figure.today ? (
                    <span className="dashboard-stat__today">
                      {t('stats.today', { value: stats ? formatNumber(figure.today(stats)) : '–' })}
                    </span>
                  ) : null}
                </span>
                {figure.to && figure.size !== 'quarter' ? (
                  <RightOutline className="dashboard-stat__chevron" aria-hidden />
                ) : null}
              </>
            );
            const className = `dashboard-stat dashboard-stat--${figure.size}`;
            const to = figure.to;
            return to ? (
              <button
                key={figure.key}
                type="button"
                className={`${className} dashboard-stat--link`}
                onClick={() => navigate(to)}
              >
                {body}
              </button>
            ) : (
              <div key={figure.key} className={className}>
                {body}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
