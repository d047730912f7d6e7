import type { CommodityDetail } from '@jewel/contract/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { EyeInvisibleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NeedsNetworkReason, useNeedsNetwork } from '../../components/needs-network.tsx';
import { Page, scrollPageToTop } from '../../components/page.tsx';
import { PromptDialog } from '../../components/prompt-dialog.tsx';
import { useAppraisalAction } from '../../features/appraisal/api/appraisal-mutations.ts';
import {
  type AppraisalFormValues,
  emptyAppraisal,
  LIMITS,
  registeredDefaults,
} from '../../features/appraisal/appraisal-model.ts';
import { AppraisalForm } from '../../features/appraisal/components/appraisal-form.tsx';
import { ElapsedTime } from '../../features/appraisal/components/elapsed-time.tsx';
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
import { Dialog } from '../../lib/dialog.ts';
import type { TFunction } from '../../lib/i18n.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { AppraisalItem } from '../appraisal-item.tsx';
import { sendVerdict, useAppraisalPage } from '../appraisal-page.ts';

const FORM_ID = 'appraisal-identify-form';
const S = COMMODITY_STATUS;

type Mode = 'start' | 'appraise' | 'startReconsideration' | 'reconsider' | 'view';

function modeOf(detail: CommodityDetail): Mode {
  const allowed = new Set(detail.allowed_actions);
  if (allowed.has('submitAppraisal')) return 'appraise';
  if (allowed.has('startAppraisal')) return 'start';
  if (allowed.has('submitReconsideration')) return 'reconsider';
  if (allowed.has('startReconsideration')) return 'startReconsideration';
  return 'view';
}

/** Why the caller has nothing to do here, in words (the detail page has the rest). */
function viewReason(t: TFunction, detail: CommodityDetail, userId: number | undefined): string {
  const { first, reconsideration } = currentFlows(detail.flows, detail.round);
  switch (detail.status) {
    case S.pendingDistribution:
      return t('appraisal:identify.notDistributed');
    case S.pendingAppraisal:
      return t('appraisal:identify.assignedTo', { name: detail.valuer?.name ?? '' });
    case S.inAppraisal:
      return t('appraisal:identify.inAppraisalBy', { name: first?.valuer.name ?? detail.valuer?.name ?? '' });
    case S.toBeModified:
      return t('appraisal:identify.toBeModified');
    case S.pendingReconsideration:
      return first?.valuer.id === userId
        ? t('appraisal:identify.ownFirst')
        : t('appraisal:identify.waitingReconsideration');
    case S.inReconsideration:
      return t('appraisal:identify.inReconsiderationBy', { name: reconsideration?.valuer.name ?? '' });
    case S.pendingComprehensive:
      return t('appraisal:identify.pendingComprehensive');
    case S.identified:
      return t('appraisal:identify.identified');
    default:
      return t('appraisal:identify.closed');
  }
}

/**
 * The appraisal page (`commodityIdentify`): the commodity and its photos, then by its status and
 * the caller's allowed actions: start the appraisal; appraise (elapsed time, the form, submit or
 * return for modification); start a blind reconsideration; reconsider without any sign of the
 * first verdict; or, for everyone else, why there is nothing to do and the results once visible.
 */
export default function CommodityIdentifyRoute() {
  const { t } = useTranslation('appraisal');
  const navigate = useNavigate();
  const network = useNeedsNetwork();
  const { id, state } = useAppraisalPage([3, 6]);
  const [returning, setReturning] = useState(false);

  const startAppraisal = useAppraisalAction('commodityStartAppraisal', id ?? 0);
  const returnIt = useAppraisalAction('commodityReturn', id ?? 0);
  const appraise = useAppraisalAction('commodityAppraise', id ?? 0);
  const startReconsideration = useAppraisalAction('commodityStartReconsideration', id ?? 0);
  const reconsider = useAppraisalAction('commodityReconsider', id ?? 0);
  const userId = useAuthStore((state) => state.user?.id);

  if (state.view) return state.view;
  const [data, optionsData, materialsData, settingsData] = state.data;
  const mode = modeOf(data);
  const { first, reconsideration } = currentFlows(data.flows, data.round);
  // Taking or having taken the round's reconsideration: the page is a reconsideration, not an appraisal.
  const asReconsideration =
    mode === 'startReconsideration' ||
    mode === 'reconsider' ||
    (userId !== undefined && reconsideration?.valuer.id === userId);
  const title = asReconsideration ? t('common:titles.reconsideration') : undefined;
  const toDetail = () => navigate(withQuery(paths.commodityDetail, { id: data.id }), { replace: true });
  const step = mode === 'reconsider' ? 'reconsideration' : 'first';
  const draftKey = `${userId ?? 0}:${id}:${data.round}:${step}`;
  const initial = emptyAppraisal(registeredDefaults(data, materialsData, settingsData.default_currency));

  const confirmStart = async (reconsidering: boolean) => {
    const confirmed = await Dialog.confirm({
      title: reconsidering ? t('identify.startReconsideration') : t('identify.startConfirmTitle'),
      content: reconsidering
        ? t('identify.startReconsiderationConfirm', { no: data.no })
        : t('identify.startConfirm', { no: data.no }),
      confirmText: reconsidering ? t('identify.startReconsideration') : t('identify.start'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    const action = reconsidering ? startReconsideration : startAppraisal;
    try {
      await action.mutateAsync({ version: data.version });
    } catch {
      // Refused (toasted by the client); the page shows the commodity as it is now.
      return;
    }
    successToast(reconsidering ? t('identify.reconsiderationStarted') : t('identify.started'));
  };

  const submit = async (values: AppraisalFormValues) => {
    const reconsidering = mode === 'reconsider';
    const next =
      data.workflow?.code === 'quick' ? t('identify.submitNextFinal') : t('identify.submitNextReconsideration');
    const sent = await sendVerdict({
      t,
      values,
      options: optionsData,
      version: data.version,
      draftKey,
      dialog: (summary) =>
        reconsidering
          ? {
              title: t('identify.submitReconsideration'),
              content: t('identify.submitReconsiderationConfirm', { no: data.no, summary }),
              confirmText: t('identify.submitReconsideration'),
            }
          : {
              title: t('identify.submitConfirmTitle'),
              content: `${t('identify.submitConfirm', { no: data.no, summary })} ${next}`,
              confirmText: t('identify.submit'),
            },
      send: (body) => (reconsidering ? reconsider : appraise).mutateAsync(body),
      done: reconsidering ? t('identify.reconsidered') : t('identify.submitted'),
    });
    if (!sent) return;
    if (reconsidering) scrollPageToTop();
    else toDetail();
  };

  const confirmReturn = async (reason: string) => {
    try {
      await returnIt.mutateAsync({ version: data.version, reason: reason.trim() });
    } catch {
      return;
    }
    setReturning(false);
    successToast(t('identify.returned'));
    toDetail();
  };

  const summary = (
    <>
      <DetailHeader detail={data} />
      <AppraisalItem detail={data} />
    </>
  );

  const detailButton = (
    <Button
      block
      size="large"
      color="primary"
      fill="outline"
      onClick={() => navigate(withQuery(paths.commodityDetail, { id: data.id }))}
    >
      {t('identify.openDetail')}
    </Button>
  );

  if (mode === 'start' || mode === 'startReconsideration') {
    const reconsidering = mode === 'startReconsideration';
    const running = reconsidering ? startReconsideration.isPending : startAppraisal.isPending;
    return (
      <Page
        title={title}
        footer={
          <Button block size="large" color="primary" loading={running} onClick={() => confirmStart(reconsidering)}>
            {reconsidering ? t('identify.startReconsideration') : t('identify.start')}
          </Button>
        }
      >
        {reconsidering ? (
          <Notice icon={<EyeInvisibleOutline />} title={t('identify.blindTitle')} text={t('identify.blindHint')} />
        ) : (
          <Notice icon={<InformationCircleOutline />} title={t('identify.start')} text={t('identify.startHint')} />
        )}
        {summary}
      </Page>
    );
  }

  if (mode === 'appraise' || mode === 'reconsider') {
    const reconsidering = mode === 'reconsider';
    const flow = reconsidering ? reconsideration : first;
    const sending = reconsidering ? reconsider.isPending : appraise.isPending;
    return (
      <Page
        title={title}
        footer={
          <div className="appraisal-footer">
            <NeedsNetworkReason reason={network.reason} />
            {reconsidering ? null : (
              <Button
                size="large"
                color="danger"
                fill="outline"
                className="appraisal-footer__secondary"
                onClick={() => setReturning(true)}
              >
                {t('identify.return')}
              </Button>
            )}
            <Button
              size="large"
              color="primary"
              type="submit"
              form={FORM_ID}
              loading={sending}
              disabled={network.disabled}
              className="appraisal-footer__primary"
            >
              {reconsidering ? t('identify.submitReconsideration') : t('identify.submit')}
            </Button>
          </div>
        }
      >
        {reconsidering ? (
          <Notice icon={<EyeInvisibleOutline />} title={t('identify.blindTitle')} text={t('identify.blindHint')} />
        ) : null}
        {flow?.started_at ? <ElapsedTime since={flow.started_at} /> : null}
        {summary}
        <AppraisalForm
          id={FORM_ID}
          key={draftKey}
          draftKey={draftKey}
          initial={initial}
          options={optionsData}
          materials={materialsData}
          onSubmit={submit}
        />
        <PromptDialog
          visible={returning}
          title={t('identify.returnTitle', { no: data.no, recorder: data.recorder.name })}
          placeholder={t('identify.returnPlaceholder')}
          validate={(value) => value.trim().length > 0 && value.trim().length <= LIMITS.reason}
          errorText={t('identify.returnRequired')}
          onConfirm={confirmReturn}
          onCancel={() => setReturning(false)}
        />
      </Page>
    );
  }

  // Nothing to do for the caller: say why; show the results that may be seen.
  const firstResult = visibleResult(first);
  const reconsiderationResult = visibleResult(reconsideration);
  const allowed = new Set(data.allowed_actions);
  const both = firstResult && reconsiderationResult ? { first: firstResult, second: reconsiderationResult } : null;
  return (
    <Page
      title={title}
      footer={
        allowed.has('comprehensive') ? (
          <Button
            block
            size="large"
            color="primary"
            onClick={() => navigate(withQuery(paths.flowComprehensive, { id: data.id }))}
          >
            {t('identify.openComprehensive')}
          </Button>
        ) : allowed.has('recycle') ? (
          <Button
            block
            size="large"
            color="primary"
            onClick={() => navigate(withQuery(paths.commodityRecycle, { id: data.id }))}
          >
            {t('identify.openRecycle')}
          </Button>
        ) : (
          detailButton
        )
      }
    >
      {both ? (
        <section className="appraisal-results" aria-labelledby="appraisal-results-title">
          <h2 className="appraisal-results__title" id="appraisal-results-title">
            {t('identify.resultsTitle')}
          </h2>
          {both.second.agrees !== null ? (
            <p className={both.second.agrees ? 'appraisal-agreement is-agree' : 'appraisal-agreement'}>
              {both.second.agrees ? t('identify.agreeNote') : t('identify.disagreeNote')}
            </p>
          ) : null}
          <ResultComparison first={both.first} second={both.second} options={optionsData} />
        </section>
      ) : (
        <Notice
          icon={<InformationCircleOutline />}
          title={t('identify.nothingToDo')}
          text={viewReason(t, data, userId)}
          extra={
            data.status === S.toBeModified && data.modification_reason
              ? t('identify.reason', { reason: data.modification_reason })
              : undefined
          }
        />
      )}
      {firstResult && !both ? (
        <ResultCard
          title={t('result.first')}
          meta={flowMeta(firstResult)}
          result={firstResult.result}
          options={optionsData}
        />
      ) : null}
      {summary}
    </Page>
  );
}
