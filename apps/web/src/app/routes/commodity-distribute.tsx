import type { CommodityDetail } from '@jewel/contract/commodity';
import { parseIds } from '@jewel/contract/values/ids';
import { paths } from '@jewel/contract/values/web-paths';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NeedsNetworkReason, useNeedsNetwork } from '../../components/needs-network.tsx';
import { Page } from '../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { useDistribute } from '../../features/commodity/api/commodity-mutations.ts';
import { commodityDetailOptions } from '../../features/commodity/api/commodity-queries.ts';
import { isDistributable } from '../../features/commodity/commodity-rules.ts';
import { ChoiceList } from '../../features/commodity/components/choice-list.tsx';
import { CommodityThumb } from '../../features/commodity/components/commodity-card.tsx';
import { Section } from '../../features/commodity/components/field-list.tsx';
import { StatusTag } from '../../features/commodity/components/status-tag.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { valuersOptions, workflowsOptions } from '../../lib/catalog.ts';
import { Dialog } from '../../lib/dialog.ts';
import { thumbOf } from '../../lib/photos/photo-paths.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/commodity/distribute-page.css';
import '../../features/commodity/shared.css';

const MAX_ITEMS = 50;
const DEFAULT_WORKFLOW = 'standard';

function ChosenItem({ detail }: { detail: CommodityDetail }) {
  const { t } = useTranslation('commodity');
  const movedOn = !isDistributable(detail.status);
  return (
    <li className={movedOn ? 'commodity-chosen is-excluded' : 'commodity-chosen'}>
      <CommodityThumb src={detail.product_pics[0] ? thumbOf(detail.product_pics[0]) : ''} size={48} />
      <div className="commodity-chosen__body">
        <div className="commodity-card__line">
          <span className="commodity-card__no figure item-no">{detail.no}</span>
          <StatusTag status={detail.status} />
        </div>
        <p className="commodity-chosen__name">{detail.product_name}</p>
        {movedOn ? (
          <p className="commodity-chosen__note">{t('distribute.excluded')}</p>
        ) : detail.valuer ? (
          <p className="commodity-chosen__note muted">{t('distribute.currentValuer', { name: detail.valuer.name })}</p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Distribute the chosen commodities to a valuer with a workflow (PRODUCT.md: several at once,
 * re-distribution allowed while pending appraisal), after a confirmation naming the count and
 * the valuer. Each goes with the version it was seen at: a commodity that moved on is refused.
 */
export default function CommodityDistributeRoute() {
  const { t } = useTranslation('commodity');
  const navigate = useNavigate();
  const network = useNeedsNetwork();
  const [search] = useSearchParams();
  // At most 50: the server's limit.
  const ids = parseIds(search.get('ids'), MAX_ITEMS);
  const details = useQueries({ queries: ids.map((id) => commodityDetailOptions(id)) });
  const valuers = useQuery(valuersOptions());
  const workflows = useQuery(workflowsOptions());
  const distribute = useDistribute();
  const [valuerId, setValuerId] = useState<number | null>(null);
  const [chosenWorkflow, setChosenWorkflow] = useState<number | null>(null);

  if (ids.length === 0) {
    return (
      <Page>
        <EmptyState title={t('distribute.noneTitle')} description={t('distribute.noneHint')} />
      </Page>
    );
  }
  const loading = details.some((q) => q.isPending) || valuers.isPending || workflows.isPending;
  const failed = details.find((q) => q.isError) ?? (valuers.isError ? valuers : workflows.isError ? workflows : null);
  if (failed) {
    return (
      <Page>
        <LoadError
          onRetry={() => {
            for (const q of details) if (q.isError) void q.refetch();
            if (valuers.isError) void valuers.refetch();
            if (workflows.isError) void workflows.refetch();
          }}
        />
      </Page>
    );
  }
  if (loading || !valuers.data || !workflows.data) {
    return (
      <Page>
        <LoadingRows rows={3} />
        <LoadingRows rows={4} />
      </Page>
    );
  }

  const items = details.flatMap((q) => (q.data ? [q.data] : []));
  const ready = items.filter((item) => isDistributable(item.status));
  const workflowId =
    chosenWorkflow ?? workflows.data.find((w) => w.code === DEFAULT_WORKFLOW)?.id ?? workflows.data[0]?.id ?? null;
  const valuer = valuers.data.find((v) => v.id === valuerId) ?? null;
  const workflow = workflows.data.find((w) => w.id === workflowId) ?? null;

  const submit = async () => {
    if (!valuer || ready.length === 0) return;
    const confirmed = await Dialog.confirm({
      title: t('distribute.confirmTitle'),
      content: t('distribute.confirmText', {
        count: ready.length,
        name: valuer.name,
        workflow: workflow?.name ?? '',
      }),
      confirmText: t('actions.distribute'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await distribute.mutateAsync({
        items: ready.map((item) => ({ id: item.id, version: item.version })),
        valuerId: valuer.id,
        workflowId,
      });
    } catch {
      // The client toasted the server's refusal; the details refetch and show where each stands.
      return;
    }
    successToast(t('common:success.distribute'));
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(paths.commodityList, { replace: true });
  };

  const footer = (
    <>
      <NeedsNetworkReason reason={network.reason} />
      <Button
        className="commodity-footer-button"
        block
        color="primary"
        size="large"
        disabled={!valuer || ready.length === 0 || network.disabled}
        loading={distribute.isPending}
        onClick={submit}
      >
        {valuer ? t('distribute.submitTo', { count: ready.length, name: valuer.name }) : t('distribute.chooseValuer')}
      </Button>
    </>
  );

  return (
    <Page footer={footer}>
      <Section title={t('distribute.items', { count: items.length })}>
        <ul className="commodity-chosen-list">
          {items.map((item) => (
            <ChosenItem key={item.id} detail={item} />
          ))}
        </ul>
      </Section>
      <Section title={t('distribute.valuer')}>
        {valuers.data.length === 0 ? (
          <p className="muted">{t('distribute.noValuers')}</p>
        ) : (
          <ChoiceList
            label={t('distribute.valuer')}
            value={valuerId}
            onChange={setValuerId}
            choices={valuers.data.map((v) => ({
              value: v.id,
              label: v.name,
              extra: v.is_tmp === 1 ? <span className="commodity-badge">{t('distribute.temporary')}</span> : null,
            }))}
          />
        )}
      </Section>
      <Section title={t('distribute.workflow')}>
        <ChoiceList
          label={t('distribute.workflow')}
          value={workflowId}
          onChange={setChosenWorkflow}
          choices={workflows.data.map((w) => ({ value: w.id, label: w.name }))}
        />
      </Section>
    </Page>
  );
}
