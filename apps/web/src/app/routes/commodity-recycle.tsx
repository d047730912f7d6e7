import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NeedsNetworkReason, useNeedsNetwork } from '../../components/needs-network.tsx';
import { Page } from '../../components/page.tsx';
import { useIsGuest } from '../../components/staff-only.tsx';
import { useAppraisalAction } from '../../features/appraisal/api/appraisal-mutations.ts';
import { appraisalOptions, buybackPrepOptions } from '../../features/appraisal/api/appraisal-queries.ts';
import { isCurrency, parseAmount } from '../../features/appraisal/appraisal-model.ts';
import { checkNeeded, identityBody, initialIdentity } from '../../features/appraisal/buyback-model.ts';
import { Notice } from '../../features/appraisal/components/notice.tsx';
import { RecycleForm, type RecycleValues } from '../../features/appraisal/components/recycle-form.tsx';
import { priceRange, ResultCard } from '../../features/appraisal/components/result-view.tsx';
import type { SignatureHandle } from '../../features/appraisal/components/signature-field.tsx';
import { amlNeeded, initialPayment, paymentBody } from '../../features/appraisal/payment-model.ts';
import { commodityDetailOptions } from '../../features/commodity/api/commodity-queries.ts';
import { commodityPageState } from '../../features/commodity/components/commodity-page-state.tsx';
import { DetailHeader, RecycleSection } from '../../features/commodity/components/detail-sections.tsx';
import { useWatchLock, WatchLockNote, WatchMatchNotice } from '../../features/watch/components/watch-match-notice.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { uploadPrivate } from '../../lib/api-client.ts';
import { Dialog } from '../../lib/dialog.ts';
import { formatMoney } from '../../lib/format.ts';
import { forgetEntries } from '../../lib/photos/photo-uploads.ts';
import { shopSettingsOptions } from '../../lib/shop-settings.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const FORM_ID = 'appraisal-recycle-form';

/**
 * Confirm recycle (`commodityRecycle`): the final result, then the customer's decision: the shop
 * buys the item at a price (80) or it goes back to the customer (90), each confirmed in a dialog
 * that says exactly that.
 */
export default function CommodityRecycleRoute() {
  const { t } = useTranslation('appraisal');
  const navigate = useNavigate();
  const network = useNeedsNetwork();
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const detail = useQuery({ ...commodityDetailOptions(id ?? 0), enabled: id !== null });
  const options = useQuery(appraisalOptions());
  const settings = useQuery(shopSettingsOptions());
  const recycle = useAppraisalAction('commodityRecycle', id ?? 0);
  const [choice, setChoice] = useState<number | null>(null);
  const guest = useIsGuest();
  // A buyback's lawful part: staff recorders only (PRODUCT.md: guests never see identity data).
  const canBuy = !guest && Boolean(detail.data?.allowed_actions.includes('recycle'));
  const prep = useQuery({ ...buybackPrepOptions(id ?? 0), enabled: id !== null && canBuy });
  const signature = useRef<SignatureHandle>(null);
  const [sending, setSending] = useState(false);
  // An open stolen-goods alert comes first: the lawful part and the purchase wait for it.
  const watchLocked = useWatchLock(id ?? 0, id !== null && canBuy);

  const state = commodityPageState(id, [detail, options, settings], [3, 5]);
  if (state.view) return state.view;
  // The form starts with the customer's record prefilled: it waits for it.
  const preparing = canBuy ? commodityPageState(id, [detail, prep], [3, 5]).view : undefined;
  if (preparing) return preparing;
  const [data, optionsData, settingsData] = state.data;
  const result = data.result;
  const toDetail = () => navigate(withQuery(paths.commodityDetail, { id: data.id }), { replace: true });
  const finalCard = result ? (
    <ResultCard
      title={t('recycle.finalResult')}
      result={result}
      options={optionsData}
      rows={['is_real', 'state_level', 'price', 'expected', 'product_status']}
      compact
    />
  ) : null;

  if (!data.allowed_actions.includes('recycle') || !result) {
    const closed = data.status === COMMODITY_STATUS.recycled || data.status === COMMODITY_STATUS.returned;
    const why = closed
      ? t('recycle.closed')
      : data.status === COMMODITY_STATUS.identified
        ? t('recycle.notRecorder')
        : t('recycle.notIdentified');
    return (
      <Page
        footer={
          <Button block size="large" color="primary" fill="outline" onClick={toDetail}>
            {t('identify.openDetail')}
          </Button>
        }
      >
        <DetailHeader detail={data} />
        <Notice icon={<InformationCircleOutline />} title={t('identify.nothingToDo')} text={why} />
        <RecycleSection detail={data} />
        {finalCard}
      </Page>
    );
  }

  const initial: RecycleValues = {
    is_recycle: null,
    price: '',
    currency: isCurrency(result.currency) ? result.currency : settingsData.default_currency,
    ...initialIdentity(prep.data),
    ...initialPayment(),
  };

  const submit = async (values: RecycleValues) => {
    const buying = values.is_recycle === IS_RECYCLE.yes;
    const price = parseAmount(values.price) ?? 0;
    const aml = amlNeeded(prep.data, price, values.currency, values.payment_method);
    const confirmed = await Dialog.confirm({
      title: buying ? t('recycle.confirmBuyTitle') : t('recycle.confirmReturnTitle'),
      content: buying
        ? t('recycle.confirmBuy', { no: data.no, price: formatMoney(price, values.currency) })
        : t('recycle.confirmReturn', { no: data.no }),
      confirmText: buying ? t('recycle.submitBuy') : t('recycle.submitReturn'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    setSending(true);
    try {
      // The seller's signature goes up as a private file first; the buyback names it.
      const drawn = buying ? await signature.current?.toBlob() : null;
      const signed = drawn ? await uploadPrivate(drawn, 'signature') : null;
      await recycle.mutateAsync({
        version: data.version,
        is_recycle: buying ? IS_RECYCLE.yes : IS_RECYCLE.no,
        price: buying ? price : null,
        currency: buying ? values.currency : null,
        signature: signed?.name ?? null,
        // The declaration the seller signed, as shown, and its language (issue 27 item 4).
        ...(buying ? (signature.current?.declaration?.() ?? {}) : {}),
        ...(buying
          ? identityBody(values, checkNeeded(prep.data, price, values.currency) || aml)
          : { identity: null, identity_check_id: null }),
        // How the seller is paid, and the purpose when 犯罪収益移転防止法 §4 asks for it (issue 27).
        ...(buying ? paymentBody(values, aml) : {}),
      });
    } finally {
      setSending(false);
    }
    // The document photos are the server's now: nothing of them stays on this device.
    forgetEntries(values.document_pics);
    successToast(buying ? t('recycle.bought') : t('recycle.returned'));
    toDetail();
  };

  return (
    <Page
      footer={
        <>
          <NeedsNetworkReason reason={network.reason} />
          {watchLocked && choice !== IS_RECYCLE.no ? <WatchLockNote /> : null}
          <Button
            block
            size="large"
            color="primary"
            type="submit"
            form={FORM_ID}
            loading={sending || recycle.isPending}
            disabled={network.disabled || (watchLocked && choice !== IS_RECYCLE.no)}
          >
            {choice === IS_RECYCLE.yes
              ? t('recycle.submitBuy')
              : choice === IS_RECYCLE.no
                ? t('recycle.submitReturn')
                : t('recycle.submit')}
          </Button>
        </>
      }
    >
      <DetailHeader detail={data} />
      <WatchMatchNotice commodityId={data.id} />
      {finalCard}
      <RecycleForm
        id={FORM_ID}
        initial={initial}
        prep={prep.data}
        guest={guest}
        signature={signature}
        locked={watchLocked}
        options={optionsData}
        estimate={t('recycle.estimate', { range: priceRange(result) })}
        onSubmit={submit}
        onChange={(values) => setChoice(values.is_recycle)}
      />
    </Page>
  );
}
