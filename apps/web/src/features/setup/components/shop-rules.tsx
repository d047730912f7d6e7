import type { ShopRules as Rules } from '@jewel/contract/shop';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { Switch } from '../../../lib/switch.tsx';
import { successToast, toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangeShopRules } from '../api/shop-queries.ts';
import {
  checkRules,
  fromShopRules,
  RULES_FIELDS,
  type RulesField,
  type RulesProblems,
  type RulesValues,
  sameRules,
  toShopRules,
} from '../shop-rules-model.ts';

const fieldId = (field: RulesField) => `field-${field}`;

/**
 * The shop's rules (issue 28 item 4), saved on their own (PUT /api/shop/rules): when a buyback
 * needs the seller's identity check, how long a customer's personal data is kept, and whether one
 * person may acknowledge a watch-list alert. Until a manager saves them, the server's environment
 * decides; the card shows what applies now either way.
 */
export function ShopRules({ rules }: { rules: Rules }) {
  const { t } = useTranslation('shop');
  const change = useChangeShopRules();
  const [values, setValues] = useState<RulesValues>(() => fromShopRules(rules));
  const [problems, setProblems] = useState<RulesProblems>({});
  const set = (next: Partial<RulesValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setProblems({});
  };

  const save = async () => {
    const found = checkRules(values);
    setProblems(found);
    const first = RULES_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const body = toShopRules(values);
    // Nothing changed: nothing to send, nor to record.
    if (sameRules(body, rules)) {
      toast(t('unchanged'));
      return;
    }
    // A refusal is toasted by the API client.
    const answer = await change.mutateAsync(body).catch(() => undefined);
    if (!answer) return;
    setValues(fromShopRules(answer.rules));
    successToast(t('rules.saved'));
  };

  const problemOf = (field: RulesField) => {
    const problem = problems[field];
    return problem ? (
      <p className="field-error" id={`${fieldId(field)}-error`}>
        {t(`rules.problems.${problem}`)}
      </p>
    ) : null;
  };

  return (
    <section className="card form-section shop-rules" aria-labelledby="shop-rules">
      <h2 className="card__title" id="shop-rules">
        {t('rules.title')}
      </h2>
      <p className="muted shop-rules__intro">{t('rules.intro')}</p>

      <RuleSwitch
        id="rule-always"
        label={t('rules.always')}
        hint={values.always ? t('rules.alwaysHint') : t('rules.thresholdsHint')}
        checked={values.always}
        onChange={(always) => set({ always })}
      >
        {values.always ? null : (
          <div className="shop-rule__amounts">
            {CURRENCIES.map((code) => {
              const field = `threshold_${code}` as const;
              return (
                <div key={code} className="shop-rule__amount">
                  <label htmlFor={fieldId(field)}>{t('rules.from', { currency: code })}</label>
                  <Input
                    id={fieldId(field)}
                    inputMode="numeric"
                    placeholder={t('rules.alwaysPlaceholder')}
                    value={values.thresholds[code]}
                    maxLength={12}
                    onChange={(typed) => set({ thresholds: { ...values.thresholds, [code]: typed } })}
                    aria-invalid={problems[field] ? true : undefined}
                    aria-describedby={problems[field] ? `${fieldId(field)}-error` : undefined}
                  />
                  {problemOf(field)}
                </div>
              );
            })}
          </div>
        )}
      </RuleSwitch>

      <div className="shop-rule">
        <label className="shop-rule__label" htmlFor={fieldId('retention_months')}>
          {t('rules.retention')}
        </label>
        <Input
          id={fieldId('retention_months')}
          inputMode="numeric"
          value={values.retention_months}
          maxLength={4}
          onChange={(retention_months) => set({ retention_months })}
          aria-invalid={problems.retention_months ? true : undefined}
          aria-describedby={
            problems.retention_months
              ? `${fieldId('retention_months')}-error rule-retention-hint`
              : 'rule-retention-hint'
          }
        />
        {problemOf('retention_months')}
        <p className="muted shop-rule__hint" id="rule-retention-hint">
          {t('rules.retentionHint')}
        </p>
      </div>

      <RuleSwitch
        id="rule-ack"
        label={t('rules.ackAlone')}
        hint={values.watch_ack_single_person ? t('rules.ackAloneHint') : t('rules.ackTwoHint')}
        checked={values.watch_ack_single_person}
        onChange={(watch_ack_single_person) => set({ watch_ack_single_person })}
      />

      <RuleSwitch
        id="rule-strong-sign-in"
        label={t('rules.strongSignIn')}
        hint={values.managers_strong_sign_in ? t('rules.strongSignInOnHint') : t('rules.strongSignInOffHint')}
        checked={values.managers_strong_sign_in}
        onChange={(managers_strong_sign_in) => set({ managers_strong_sign_in })}
      />

      <Button color="primary" fill="outline" loading={change.isPending} onClick={() => void save()}>
        {t('rules.save')}
      </Button>
    </section>
  );
}

/** A rule that is on or off: its label beside the switch, what it means now below, and what it adds when on or off. */
function RuleSwitch({
  id,
  label,
  hint,
  checked,
  onChange,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div className="shop-rule">
      <div className="shop-rule__row">
        <span className="shop-rule__label" id={id}>
          {label}
        </span>
        <Switch checked={checked} onChange={onChange} aria-labelledby={id} aria-describedby={`${id}-hint`} />
      </div>
      <p className="muted shop-rule__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {children}
    </div>
  );
}
