import type { WatchNotice } from '@jewel/contract/watch';
import { useForm } from '../../../components/form/use-form.ts';
import { Sheet } from '../../../components/sheet.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useWithdrawNotice } from '../api/watch-queries.ts';
import { noticeTitle } from '../watch-text.ts';
import { ReasonField, reasonOk, refusalOf } from './reason-field.tsx';

/** Withdrawing a notice says why (required): who, when and why stay on the notice. */
export function WithdrawSheet({ notice, open, onClose }: { notice: WatchNotice; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('watch');
  const withdraw = useWithdrawNotice();
  const title = noticeTitle(notice, t);
  const { values, set, errors, handleSubmit } = useForm({
    initial: { reason: '' },
    check: (v) => ({ reason: reasonOk(v.reason) ? undefined : t('notices.withdrawReasonRequired') }),
    refusal: (error) => refusalOf(error, ['reason']),
  });
  const submit = handleSubmit(async (v) => {
    await withdraw.mutateAsync({ id: notice.id, reason: v.reason.trim() });
    onClose();
  });

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={t('notices.withdrawReasonTitle', { notice: title })}
      className="watch-form"
    >
      <form
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
      >
        <p className="muted watch-form__hint">{t('notices.withdrawConfirm', { notice: title })}</p>
        <ReasonField
          id={`watch-withdraw-${notice.id}.reason`}
          label={t('notices.withdrawReasonLabel')}
          placeholder={t('notices.withdrawReasonPlaceholder')}
          value={values.reason}
          error={errors.reason}
          onChange={(next) => set('reason', next)}
        />
        <Button block color="danger" size="large" type="submit" loading={withdraw.isPending}>
          {t('notices.withdraw')}
        </Button>
      </form>
    </Sheet>
  );
}
