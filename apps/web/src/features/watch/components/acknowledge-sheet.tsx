import type { WatchMatch } from '@jewel/contract/watch';
import { useQuery } from '@tanstack/react-query';
import { Field, fieldDomId } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Sheet } from '../../../components/sheet.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { shopSettingsOptions } from '../../../lib/shop-settings.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAcknowledgeMatch } from '../api/watch-queries.ts';
import { ReasonField, reasonOk, refusalOf } from './reason-field.tsx';

const FIELDS = ['reason', 'witness_mobile', 'witness_password'] as const;

/**
 * Acknowledging an alert (docs/decisions.md "The watch list stops a buyback first"): the reason,
 * several lines if need be, and a second staff member's own mobile number and password, typed on
 * this phone by that person; only where the shop's setting lets one person acknowledge alone are
 * those left out, and the record then says it was done alone.
 */
export function AcknowledgeSheet({ match, open, onClose }: { match: WatchMatch; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('watch');
  const settings = useQuery(shopSettingsOptions());
  const alone = settings.data?.watch_ack_single_person === true;
  const acknowledge = useAcknowledgeMatch();
  const { values, set, errors, handleSubmit } = useForm({
    initial: { reason: '', witness_mobile: '', witness_password: '' },
    check: (v) => ({
      reason: reasonOk(v.reason) ? undefined : t('alerts.reasonRequired'),
      witness_mobile: alone || v.witness_mobile.trim() ? undefined : t('alerts.witnessMobileRequired'),
      witness_password: alone || v.witness_password ? undefined : t('alerts.witnessPasswordRequired'),
    }),
    refusal: (error) => refusalOf(error, FIELDS),
  });
  const submit = handleSubmit(async (v) => {
    const witness =
      v.witness_mobile.trim() || v.witness_password
        ? { witness_mobile: v.witness_mobile.trim(), witness_password: v.witness_password }
        : {};
    await acknowledge.mutateAsync({ id: match.id, reason: v.reason.trim(), ...witness });
    onClose();
  });
  const id = (field: string) => `watch-ack-${match.id}.${field}`;

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={t('alerts.ackTitle', { number: match.commodity.no })}
      className="watch-form"
    >
      <form
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
      >
        <ReasonField
          id={id('reason')}
          label={t('alerts.reasonLabel')}
          placeholder={t('alerts.reasonPlaceholder')}
          value={values.reason}
          error={errors.reason}
          onChange={(next) => set('reason', next)}
        />
        <p className="muted watch-form__hint">{alone ? t('alerts.aloneHint') : t('alerts.witnessHint')}</p>
        {alone ? null : (
          <>
            <Field
              name="witness_mobile"
              label={t('alerts.witnessMobile')}
              htmlFor={fieldDomId(id('witness_mobile'))}
              error={errors.witness_mobile}
              required
              stacked
            >
              <Input
                id={fieldDomId(id('witness_mobile'))}
                value={values.witness_mobile}
                onChange={(next) => set('witness_mobile', next)}
                inputMode="tel"
                autoComplete="off"
                maxLength={20}
              />
            </Field>
            <Field
              name="witness_password"
              label={t('alerts.witnessPassword')}
              htmlFor={fieldDomId(id('witness_password'))}
              error={errors.witness_password}
              required
              stacked
            >
              <Input
                id={fieldDomId(id('witness_password'))}
                type="password"
                value={values.witness_password}
                onChange={(next) => set('witness_password', next)}
                autoComplete="off"
              />
            </Field>
          </>
        )}
        <Button block color="danger" size="large" type="submit" loading={acknowledge.isPending}>
          {t('alerts.submitAck')}
        </Button>
      </form>
    </Sheet>
  );
}
