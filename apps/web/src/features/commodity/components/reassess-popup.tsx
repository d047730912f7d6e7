import type { CommodityDetail } from '@jewel/contract/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { Field } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Popup } from '../../../lib/antd-mobile-motion.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { Selector } from '../../../lib/selector.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useReassess } from '../api/commodity-mutations.ts';
import './reassess-popup.css';

interface ReassessPopupProps {
  detail: CommodityDetail;
  visible: boolean;
  onClose: () => void;
}

/**
 * Re-assess on a customer's request (or after a comprehensive assessment): a revisit type from the
 * dictionary, a reason, and a confirmation naming what will happen: a new round from "pending
 * appraisal", the earlier rounds kept in the history.
 */
export function ReassessPopup({ detail, visible, onClose }: ReassessPopupProps) {
  const { t } = useTranslation('commodity');
  const revisit = useDictionaryOptions('identify_product.revisit_type');
  const status = useDictionaryOptions('identify_product.status');
  const reassess = useReassess();
  const empty = { type: null as number | null, reason: '' };
  const { values, set, setValues, errors, handleSubmit } = useForm({
    initial: empty,
    check: ({ type }) => ({ type: type === null ? t('reassess.typeRequired') : undefined }),
  });

  const submit = handleSubmit(async ({ type, reason }) => {
    if (type === null) return;
    const confirmed = await Dialog.confirm({
      title: t('reassess.confirmTitle'),
      content: t('reassess.confirmText', {
        no: detail.no,
        round: detail.round + 1,
        status: status.label(COMMODITY_STATUS.pendingAppraisal),
        type: revisit.label(type),
      }),
      confirmText: t('reassess.submit'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await reassess.mutateAsync({ id: detail.id, version: detail.version, revisitType: type, reason: reason.trim() });
    } catch {
      // The client toasted the server's message; the page shows the commodity as it is now.
      onClose();
      return;
    }
    successToast(t('common:success.operate'));
    setValues(empty);
    onClose();
  });

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="commodity-popup"
      destroyOnClose
      aria-label={t('reassess.title')}
    >
      <h2 className="commodity-popup__title">{t('reassess.title')}</h2>
      <p className="muted">{t('reassess.hint', { round: detail.round + 1 })}</p>
      <Field name="type" label={t('reassess.type')} error={errors.type} group>
        <Selector
          columns={1}
          options={revisit.options.map((option) => ({ value: Number(option.value), label: option.label }))}
          value={values.type === null ? [] : [values.type]}
          onChange={(picked) => set('type', picked[0] ?? null)}
        />
      </Field>
      <Field name="reason" label={t('reassess.reason')} htmlFor="reassess-reason" stacked>
        <TextArea
          id="reassess-reason"
          className="commodity-popup__textarea"
          value={values.reason}
          onChange={(reason) => set('reason', reason)}
          placeholder={t('reassess.reasonPlaceholder')}
          maxLength={TEXT_MAX.remark}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      </Field>
      <div className="commodity-popup__actions">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button color="primary" loading={reassess.isPending} onClick={() => submit()}>
          {t('reassess.submit')}
        </Button>
      </div>
    </Popup>
  );
}
