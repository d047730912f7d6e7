import type { CommodityDetail } from '@jewel/contract/commodity';
import type { IdName } from '@jewel/contract/common';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { paths } from '@jewel/contract/values/web-paths';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Popup } from '../../../lib/antd-mobile-motion.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { Selector } from '../../../lib/selector.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useTransfer } from '../api/transfer-calls.ts';
import './reassess-popup.css';

interface TransferPopupProps {
  detail: CommodityDetail;
  /** The open branches it may go to: every one but its own. */
  destinations: IdName[];
  visible: boolean;
  onClose: () => void;
}

/**
 * Transfer to another branch (issue 32 item 4, docs/adr/0105 "Transfers"): the destination, the
 * reason (required), and a confirmation naming both. A refusal shows the server's message here.
 * When the item leaves the branches the caller sees, the page goes back to the list.
 */
export function TransferPopup({ detail, destinations, visible, onClose }: TransferPopupProps) {
  const { t } = useTranslation('commodity');
  const navigate = useNavigate();
  const transfer = useTransfer();
  const [refusal, setRefusal] = useState<string | null>(null);
  const empty = { branchId: null as number | null, reason: '' };
  const { values, set, setValues, errors, handleSubmit } = useForm({
    initial: empty,
    check: ({ branchId, reason }) => ({
      branchId: branchId === null ? t('transfer.branchRequired') : undefined,
      reason: reason.trim() === '' ? t('transfer.reasonRequired') : undefined,
    }),
  });

  const close = () => {
    setRefusal(null);
    onClose();
  };

  const submit = handleSubmit(async ({ branchId, reason }) => {
    const to = destinations.find((branch) => branch.id === branchId);
    if (!to) return;
    const confirmed = await Dialog.confirm({
      title: t('transfer.confirmTitle'),
      content: t('transfer.confirmText', { no: detail.no, branch: to.name }),
      confirmText: t('transfer.submit'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    setRefusal(null);
    let answer: Awaited<ReturnType<typeof transfer.mutateAsync>>;
    try {
      answer = await transfer.mutateAsync({
        id: detail.id,
        version: detail.version,
        branchId: to.id,
        reason: reason.trim(),
      });
    } catch (error) {
      setRefusal(error instanceof Error && error.message ? error.message : t('errors:request'));
      return;
    }
    setValues(empty);
    if (answer.commodity) {
      successToast(t('transfer.done', { branch: to.name }));
      close();
      return;
    }
    successToast(t('transfer.doneGone', { branch: to.name }));
    close();
    navigate(paths.commodityList, { replace: true });
  });

  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      bodyClassName="commodity-popup"
      destroyOnClose
      aria-label={t('transfer.title')}
    >
      <h2 className="commodity-popup__title">{t('transfer.title')}</h2>
      <p className="muted">{t('transfer.hint', { no: detail.no })}</p>
      <Field name="branchId" label={t('transfer.branch')} error={errors.branchId} group>
        <Selector
          columns={1}
          options={destinations.map((branch) => ({ value: branch.id, label: branch.name }))}
          value={values.branchId === null ? [] : [values.branchId]}
          onChange={(picked) => set('branchId', picked[0] ?? null)}
        />
      </Field>
      <Field name="reason" label={t('transfer.reason')} htmlFor="transfer-reason" error={errors.reason} stacked>
        <TextArea
          id="transfer-reason"
          className="commodity-popup__textarea"
          value={values.reason}
          onChange={(reason) => set('reason', reason)}
          placeholder={t('transfer.reasonPlaceholder')}
          maxLength={TEXT_MAX.remark}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      </Field>
      {refusal ? (
        <p className="commodity-popup__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="commodity-popup__actions">
        <Button onClick={close}>{t('common:cancel')}</Button>
        <Button color="primary" loading={transfer.isPending} onClick={() => submit()}>
          {t('transfer.submit')}
        </Button>
      </div>
    </Popup>
  );
}
