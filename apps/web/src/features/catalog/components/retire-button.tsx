import { Button } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * "Retire" (once confirmed) or "Bring back" for a brand, category or material already in the
 * catalog (issue 28 item 5): `change` saves it as it was entered, retired or not; a refusal is
 * toasted by the API client and leaves the form open.
 */
export function RetireButton({
  name,
  retired,
  loading,
  change,
  onDone,
  confirm,
}: {
  name: string;
  retired: boolean;
  loading: boolean;
  change: (retired: boolean) => Promise<unknown>;
  onDone: () => void;
  /** What retiring means, asked before it is done; a brand's, category's or material's by default. */
  confirm?: string;
}) {
  const { t } = useTranslation('catalog');
  const toggle = async () => {
    if (!retired) {
      const confirmed = await Dialog.confirm({
        content: confirm ?? t('retiring.confirm', { name }),
        confirmText: t('form.retire'),
        cancelText: t('common:cancel'),
      });
      if (!confirmed) return;
    }
    const changed = await change(!retired).then(
      () => true,
      () => false,
    );
    if (!changed) return;
    successToast(t(retired ? 'form.restoredToast' : 'form.retiredToast'));
    onDone();
  };
  return (
    <Button type="button" size="large" loading={loading} onClick={() => void toggle()}>
      {t(retired ? 'form.restore' : 'form.retire')}
    </Button>
  );
}
