import type { RecorderStatistics, Statistics, ValuerStatistics } from '@jewel/contract/user';
import type { CommodityListTab } from '@jewel/contract/values/commodity-status';
import type { RoleCode } from '@jewel/contract/values/roles';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/state-views.tsx';
import { Skeleton } from '../../../lib/antd-mobile.ts';
import { formatDuration, formatNumber } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { statisticsOptions } from '../api/dashboard-queries.ts';
import { FiguresHelp } from './figures-help.tsx';
import '../dashboard.css';

interface Figure<S> {
  /** `dashboard:stats.<key>` is its label, `dashboard-help:<role>.<key>` what it counts (loaded with the help sheet). */
  key: string;
  /** The large figure, already formatted. */
  value(stats: S): string;
  /** A "today" count shown under the figure. */
  today?(stats: S): number;
  /** The list it opens; none for a figure without a list (the average time). */
  to?: string;
  /**
   * hero: the whole row, the largest figure; half: two to a row; quarter: four to a row;
   * line: the whole row as one slim line (label left, figure right).
   */
  size: 'hero' | 'half' | 'quarter' | 'line';
  /** Something waits for this user: the figure is highlighted when above zero. */
  attention?(stats: S): boolean;
}

/** Figures explained together by one help button; `dashboard:stats.group.<key>` is its title. */
interface Group<S> {
  key: string;
  figures: Figure<S>[];
}

const count =
  <S,>(pick: (stats: S) => number) =>
  (stats: S) =>
    formatNumber(pick(stats));
/** The commodity list on a status tab, limited to the caller's own (registered or assigned). */
const myTab = (tab: CommodityListTab) => withQuery(paths.commodityList, { tab, scope: 'mine' });

/**
 * A recorder counts what they registered, one stage each: the stages are the list's tabs and
 * split the total (docs/decisions.md "Dashboard figures, one stage each").
 */
const RECORDER: Group<RecorderStatistics>[] = [
  {
    key: 'registered',
    figures: [
      {
        key: 'registered',
        value: count((s) => s.registered_total),
        today: (s) => s.registered_today,
        to: withQuery(paths.commodityList, { scope: 'mine' }),
        size: 'hero',
      },
      {
        key: 'toBeDistributed',
        value: count((s) => s.to_be_distributed),
        to: myTab('distribution'),
        size: 'quarter',
        attention: (s) => s.to_be_distributed > 0,
      },
      { key: 'inAppraisal', value: count((s) => s.in_appraisal), to: myTab('appraisal'), size: 'quarter' },
      {
        key: 'toBeModified',
        value: count((s) => s.to_be_modified),
        to: myTab('toBeModified'),
        size: 'quarter',
        attention: (s) => s.to_be_modified > 0,
      },
      {
        key: 'inReconsideration',
        value: count((s) => s.in_reconsideration),
        to: myTab('reconsideration'),
        size: 'quarter',
      },
      {
        key: 'pendingComprehensive',
        value: count((s) => s.pending_comprehensive),
        to: myTab('comprehensive'),
        size: 'quarter',
      },
      {
        key: 'identified',
        value: count((s) => s.identified),
        to: myTab('identified'),
        size: 'quarter',
        attention: (s) => s.identified > 0,
      },
      { key: 'closed', value: count((s) => s.closed), to: myTab('closed'), size: 'quarter' },
    ],
  },
];

/** A valuer's desk (what waits for them, one stage each) and their finished work. */
const VALUER: Group<ValuerStatistics>[] = [
  {
    key: 'desk',
    figures: [
      {
        key: 'toBeAppraisedToday',
        value: count((s) => s.to_be_appraised_today),
        to: myTab('appraisal'),
        size: 'hero',
        attention: (s) => s.to_be_appraised_today > 0,
      },
      { key: 'inAppraisal', value: count((s) => s.in_appraisal), to: myTab('appraisal'), size: 'quarter' },
      {
        key: 'toReconsider',
        value: count((s) => s.in_reconsideration),
        to: paths.revisitList,
        size: 'quarter',
        attention: (s) => s.in_reconsideration > 0,
      },
      {
        key: 'pendingComprehensive',
        value: count((s) => s.pending_comprehensive),
        to: withQuery(paths.commodityList, { tab: 'comprehensive' }),
        size: 'quarter',
        attention: (s) => s.pending_comprehensive > 0,
      },
      { key: 'toBeModified', value: count((s) => s.to_be_modified), to: myTab('toBeModified'), size: 'quarter' },
      { key: 'identified', value: count((s) => s.identified), to: myTab('identified'), size: 'quarter' },
    ],
  },
  {
    key: 'work',
    figures: [
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
  },
];

function FigureTile<S>({ figure, stats }: { figure: Figure<S>; stats: S | undefined }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const highlighted = stats !== undefined && figure.attention?.(stats);
  const body = (
    <>
      <span className="dashboard-stat__label">{t(`stats.${figure.key}`)}</span>
      <span className="dashboard-stat__figures">
        {stats !== undefined ? (
          <span
            className={highlighted ? 'dashboard-stat__value dashboard-stat__value--attention' : 'dashboard-stat__value'}
          >
            {figure.value(stats)}
          </span>
        ) : (
          <Skeleton.Title animated className="dashboard-stat__skeleton" />
        )}
        {figure.today ? (
          <span className="dashboard-stat__today">
            {t('stats.today', { value: stats !== undefined ? formatNumber(figure.today(stats)) : '–' })}
          </span>
        ) : null}
      </span>
      {figure.to && figure.size !== 'quarter' ? <RightOutline className="dashboard-stat__chevron" aria-hidden /> : null}
    </>
  );
  const className = `dashboard-stat dashboard-stat--${figure.size}`;
  const to = figure.to;
  return to ? (
    <button
      type="button"
      className={`${className} dashboard-stat--link`}
      data-figure={figure.key}
      onClick={() => navigate(to)}
    >
      {body}
    </button>
  ) : (
    <div className={className} data-figure={figure.key}>
      {body}
    </div>
  );
}

function FigureGroups<S>({ role, groups, stats }: { role: RoleCode; groups: Group<S>[]; stats: S | undefined }) {
  const { t } = useTranslation('dashboard');
  return groups.map((group, index) => (
    <div key={group.key} className="dashboard-stats__group" data-group={group.key}>
      <div className="dashboard-stats__group-head">
        {index === 0 ? (
          <h2 id="dashboard-stats-title" className="card__title">
            {t(`stats.title.${role}`)}
          </h2>
        ) : (
          <h3 className="card__title">{t(`stats.group.${group.key}`)}</h3>
        )}
        <FiguresHelp
          title={index === 0 ? t(`stats.title.${role}`) : t(`stats.group.${group.key}`)}
          role={role}
          items={group.figures.map((figure) => ({ key: figure.key, label: t(`stats.${figure.key}`) }))}
        />
      </div>
      <div className="dashboard-stats__grid">
        {group.figures.map((figure) => (
          <FigureTile key={figure.key} figure={figure} stats={stats} />
        ))}
      </div>
    </div>
  ));
}

/** The dashboard counts as large figures, grouped; each opens the list it counts. */
export function StatisticsGrid({ role }: { role: RoleCode }) {
  const { t } = useTranslation('dashboard');
  const statistics = useQuery(statisticsOptions());
  // The figures of the role the server answered for; none while loading.
  const of = <R extends Statistics['role']>(r: R) =>
    statistics.data?.role === r ? (statistics.data as Extract<Statistics, { role: R }>) : undefined;

  return (
    <section className="card dashboard-stats" aria-labelledby="dashboard-stats-title" aria-busy={statistics.isPending}>
      {statistics.isError ? (
        <>
          <h2 id="dashboard-stats-title" className="card__title">
            {t(`stats.title.${role}`)}
          </h2>
          <LoadError onRetry={() => statistics.refetch()} />
        </>
      ) : role === 'valuers' ? (
        <FigureGroups role={role} groups={VALUER} stats={of('valuers')} />
      ) : (
        <FigureGroups role={role} groups={RECORDER} stats={of('recorder')} />
      )}
    </section>
  );
}
