import type { CommodityDetail } from '@jewel/contract/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popup, Selector, TextArea } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { successToast } from '../../../lib/toast.ts';
import { useReassess } from '../api/commodity-mutations.ts';
import '../commodity.css';

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
  const [type, setType] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [showError, setShowError] = useState(false);

  const submit = async () => {
    if (type === null) {
      setShowError(true);
      return;
    }
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
    setType(null);
    setReason('');
    setShowError(false);
    onClose();
  };

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
      <div className="commodity-popup__field">
        <span className="commodity-popup__label" id="reassess-type-label">
          {t('reassess.type')}
        </span>
        <Selector
          aria-labelledby="reassess-type-label"
          columns={1}
          options={revisit.options.map((option) => ({ value: Number(option.value), label: option.label }))}
          value={type === null ? [] : [type]}
          onChange={(values) => {
            setType(values[0] ?? null);
            setShowError(false);
          }}
        />
        {showError ? <p className="field-error">{t('reassess.typeRequired')}</p> : null}
      </div>
      <div className="commodity-popup__field">
        <label className="commodity-popup__label" htmlFor="reassess-reason">
          {t('reassess.reason')}
        </label>
        <TextArea
          id="reassess-reason"
          className="commodity-popup__textarea"
          value={reason}
          onChange={setReason}
          placeholder={t('reassess.reasonPlaceholder')}
          maxLength={TEXT_MAX.remark}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      </div>
      <div className="commodity-popup__actions">
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button color="primary" loading={reassess.isPending} onClick={submit}>
          {t('reassess.submit')}
        </Button>
      </div>
    </Popup>
  );
}
