import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { EmptyState } from '../../components/state-views.tsx';
import { commodityDetailOptions } from '../../features/commodity/api/commodity-queries.ts';
import { commodityPageState } from '../../features/commodity/components/commodity-page-state.tsx';
import { FlowTimeline } from '../../features/commodity/components/flow-timeline.tsx';
import { StatusTag } from '../../features/commodity/components/status-tag.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/commodity/flow-page.css';
import '../../features/commodity/shared.css';

/** The appraisal timeline of one commodity: every round and step, with results the caller may see. */
export default function FlowIdentifyRoute() {
  const { t } = useTranslation('commodity');
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const detail = useQuery({ ...commodityDetailOptions(id ?? 0), enabled: id !== null });

  const state = commodityPageState(id, [detail], [2, 6]);
  if (state.view) return state.view;
  const [data] = state.data;
  return (
    <Page>
      <Link to={withQuery(paths.commodityDetail, { id: data.id })} className="card commodity-flow-head">
        <div className="commodity-detail-head__line">
          <span className="commodity-detail-head__no figure item-no">{data.no}</span>
          <StatusTag status={data.status} />
        </div>
        <p className="commodity-flow-head__name">{data.product_name}</p>
      </Link>
      {data.flows.length === 0 ? (
        <EmptyState title={t('flow.emptyTitle')} description={t('flow.emptyHint')} />
      ) : (
        <FlowTimeline flows={data.flows} />
      )}
    </Page>
  );
}
