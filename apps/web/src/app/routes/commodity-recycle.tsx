import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { useAppraisalAction } from '../../features/appraisal/api/appraisal-mutations.ts';
import { appraisalOptions } from '../../features/appraisal/api/appraisal-queries.ts';
import { isCurrency, parseAmount, type RecycleFormValues } from '../../features/appraisal/appraisal-model.ts';
import { Notice } from '../../features/appraisal/components/notice.tsx';
import { RecycleForm } from '../../features/appraisal/components/recycle-form.tsx';
import { priceRange, ResultCard } from '../../features/appraisal/components/result-view.tsx';
import { commodityDetailOptions } from '../../features/commodity/api/commodity-queries.ts';
import { idParam } from '../../features/commodity/commodity-rules.ts';
import { commodityPageState } from '../../features/commodity/components/commodity-page-state.tsx';
import { DetailHeader, RecycleSection } from '../../features/commodity/components/detail-sections.tsx';
import { WatchMatchNotice } from '../../features/watch/components/watch-match-notice.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { Dialog } from '../../lib/dialog.ts';
import { formatMoney } from '../../lib/format.ts';
import { shopSettingsOptions } from '../../lib/shop-settings.ts';
import { successToast } from '../../lib/toast.ts';

const FORM_ID = 'appraisal-recycle-form';

/**
 * Confirm recycle (`commodityRecycle`): the final result, then the customer's decision: the shop
 * buys the item at a price (80) or it goes back to the customer (90), each confirmed in a dialog
 * that says exactly that.
 */
export default function CommodityRecycleRoute() {
  const { t } = useTranslation('appraisal');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = idParam(search.get('id'));
  const detail = useQuery({ ...commodityDetailOptions(id ?? 0), enabled: id !== null });
  const options = useQuery(appraisalOptions());
  const settings = useQuery(shopSettingsOptions());
  const recycle = useAppraisalAction('commodityRecycle', id ?? 0);
  const [choice, setChoice] = useState<number | null>(null);

  const state = commodityPageState(id, [detail, options, settings], [3, 5]);
  if (state.view) return state.view;
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

  const initial: RecycleFormValues = {
    is_recycle: null,
    price: '',
    currency: isCurrency(result.currency) ? result.currency : settingsData.default_currency,
  };

  const submit = async (values: RecycleFormValues) => {
    const buying = values.is_recycle === IS_RECYCLE.yes;
    const price = parseAmount(values.price) ?? 0;
    const confirmed = await Dialog.confirm({
      title: buying ? t('recycle.confirmBuyTitle') : t('recycle.confirmReturnTitle'),
      content: buying
        ? t('recycle.confirmBuy', { no: data.no, price: formatMoney(price, values.currency) })
        : t('recycle.confirmReturn', { no: data.no }),
      confirmText: buying ? t('recycle.submitBuy') : t('recycle.submitReturn'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    await recycle.mutateAsync({
      version: data.version,
      is_recycle: buying ? IS_RECYCLE.yes : IS_RECYCLE.no,
      price: buying ? price : null,
      currency: buying ? values.currency : null,
    });
    successToast(buying ? t('recycle.bought') : t('recycle.returned'));
    toDetail();
  };

  return (
    <Page
      footer={
        <Button block size="large" color="primary" type="submit" form={FORM_ID} loading={recycle.isPending}>
          {choice === IS_RECYCLE.yes
            ? t('recycle.submitBuy')
            : choice === IS_RECYCLE.no
              ? t('recycle.submitReturn')
              : t('recycle.submit')}
        </Button>
      }
    >
      <DetailHeader detail={data} />
      <WatchMatchNotice commodityId={data.id} />
      {finalCard}
      <RecycleForm
        id={FORM_ID}
        initial={initial}
        options={optionsData}
        estimate={t('recycle.estimate', { range: priceRange(result) })}
        onSubmit={submit}
        onChange={(values) => setChoice(values.is_recycle)}
      />
    </Page>
  );
}
