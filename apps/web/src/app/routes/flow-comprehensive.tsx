import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NeedsNetworkReason, useNeedsNetwork } from '../../components/needs-network.tsx';
import { Page } from '../../components/page.tsx';
import { EmptyState } from '../../components/state-views.tsx';
import { useAppraisalAction } from '../../features/appraisal/api/appraisal-mutations.ts';
import {
  type AppraisalFormValues,
  appraisalFromResult,
  emptyAppraisal,
  registeredDefaults,
} from '../../features/appraisal/appraisal-model.ts';
import { AppraisalForm, clearAppraisalDraft } from '../../features/appraisal/components/appraisal-form.tsx';
import { Notice } from '../../features/appraisal/components/notice.tsx';
import {
  currentFlows,
  flowMeta,
  ResultCard,
  ResultComparison,
  visibleResult,
} from '../../features/appraisal/components/result-view.tsx';
import { DetailHeader } from '../../features/commodity/components/detail-sections.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { AppraisalItem } from '../appraisal-item.tsx';
import { sendVerdict, useAppraisalPage } from '../appraisal-page.ts';

const FORM_ID = 'appraisal-comprehensive-form';

type Source = 'empty' | 'first' | 'reconsideration';

/**
 * The comprehensive assessment (`flowIdentify/comprehensive`): the item (photos and facts, as
 * the first appraisal saw it), the first appraisal and the reconsideration side by side with
 * their differences marked, then, for a valuer who did neither, the decision form (optionally
 * filled from one side) that fixes the final result.
 */
export default function FlowComprehensiveRoute() {
  const { t } = useTranslation('appraisal');
  const navigate = useNavigate();
  const network = useNeedsNetwork();
  const { id, state } = useAppraisalPage([6, 6]);
  const comprehensive = useAppraisalAction('commodityComprehensive', id ?? 0);
  const user = useAuthStore((state) => state.user);
  const [source, setSource] = useState<Source>('empty');
  // Taking a side again refills the form even when it is the same side.
  const [fill, setFill] = useState(0);

  if (state.view) return state.view;
  const [data, optionsData, materialsData, settingsData] = state.data;
  const { first, reconsideration, comprehensive: decided } = currentFlows(data.flows, data.round);
  const firstResult = visibleResult(first);
  const reconsiderationResult = visibleResult(reconsideration);
  const decidedResult = visibleResult(decided);
  const canDecide = data.allowed_actions.includes('comprehensive') && firstResult && reconsiderationResult;
  const toDetail = () => navigate(withQuery(paths.commodityDetail, { id: data.id }), { replace: true });
  const draftKey = `${user?.id ?? 0}:${id}:${data.round}:comprehensive`;

  const defaults = registeredDefaults(data, materialsData, settingsData.default_currency);
  const sourceResult =
    source === 'first' ? firstResult?.result : source === 'reconsideration' ? reconsiderationResult?.result : null;
  const initial: AppraisalFormValues = sourceResult
    ? appraisalFromResult(sourceResult, {
        ...defaults,
        purity:
          materialsData.find((candidate) => candidate.id === sourceResult.identified_material?.id)?.purity ?? null,
      })
    : emptyAppraisal(defaults);

  const take = (side: Source) => {
    clearAppraisalDraft(draftKey);
    setSource(side);
    setFill((count) => count + 1);
  };

  const submit = async (values: AppraisalFormValues) => {
    const sent = await sendVerdict({
      t,
      values,
      options: optionsData,
      version: data.version,
      draftKey,
      dialog: (summary) => ({
        title: t('comprehensive.confirmTitle'),
        content: t('comprehensive.confirm', { no: data.no, summary }),
        confirmText: t('comprehensive.submit'),
      }),
      send: (body) => comprehensive.mutateAsync(body),
      done: t('comprehensive.done'),
    });
    if (sent) toDetail();
  };

  const comparison =
    firstResult && reconsiderationResult ? (
      <ResultComparison first={firstResult} second={reconsiderationResult} options={optionsData} />
    ) : (
      <EmptyState title={t('comprehensive.missing')} />
    );

  if (!canDecide) {
    const why =
      data.status !== COMMODITY_STATUS.pendingComprehensive
        ? t('comprehensive.notPending')
        : user?.role_code === 'valuers'
          ? t('comprehensive.involved')
          : t('comprehensive.recorder');
    return (
      <Page
        footer={
          <Button
            block
            size="large"
            color="primary"
            fill="outline"
            onClick={() => navigate(withQuery(paths.commodityDetail, { id: data.id }))}
          >
            {t('identify.openDetail')}
          </Button>
        }
      >
        <DetailHeader detail={data} />
        <Notice icon={<InformationCircleOutline />} title={t('identify.nothingToDo')} text={why} />
        <AppraisalItem detail={data} />
        {decidedResult ? (
          <ResultCard
            title={t('result.comprehensive')}
            meta={flowMeta(decidedResult)}
            result={decidedResult.result}
            options={optionsData}
          />
        ) : null}
        {comparison}
      </Page>
    );
  }

  return (
    <Page
      footer={
        <>
          <NeedsNetworkReason reason={network.reason} />
          <Button
            block
            size="large"
            color="primary"
            type="submit"
            form={FORM_ID}
            loading={comprehensive.isPending}
            disabled={network.disabled}
          >
            {t('comprehensive.submit')}
          </Button>
        </>
      }
    >
      <DetailHeader detail={data} />
      <p className="appraisal-intro">{t('comprehensive.intro')}</p>
      <AppraisalItem detail={data} />
      {comparison}
      <AppraisalForm
        id={FORM_ID}
        key={`${source}-${fill}`}
        draftKey={draftKey}
        initial={initial}
        options={optionsData}
        materials={materialsData}
        onSubmit={submit}
      >
        <section className="card appraisal-section appraisal-take" aria-labelledby={`${FORM_ID}-decision`}>
          <h2 className="card__title" id={`${FORM_ID}-decision`}>
            {t('comprehensive.decision')}
          </h2>
          <div className="appraisal-take__buttons">
            <Button size="small" color="primary" fill="outline" onClick={() => take('first')}>
              {t('comprehensive.takeFirst')}
            </Button>
            <Button size="small" color="primary" fill="outline" onClick={() => take('reconsideration')}>
              {t('comprehensive.takeReconsideration')}
            </Button>
          </div>
          {source !== 'empty' ? (
            <p className="muted appraisal-take__note" role="status">
              {source === 'first' ? t('comprehensive.prefilledFirst') : t('comprehensive.prefilledReconsideration')}
            </p>
          ) : null}
        </section>
      </AppraisalForm>
    </Page>
  );
}
