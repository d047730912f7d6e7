import type { Branch } from '@jewel/contract/branches';
import { useEffect, useRef, useState } from 'react';
import { errorDomId, Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { Input } from '../../../lib/input.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { TextArea } from '../../../lib/text-area.ts';
import { successToast, toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangeBranch, useOpenBranch } from '../api/branch-queries.ts';
import {
  BRANCH_FIELDS,
  BRANCH_LIMITS,
  type BranchTextField,
  type BranchValues,
  branchZones,
  CURRENCIES,
  checkBranch,
  emptyBranch,
  fromBranch,
  sameInput,
  toBranchInput,
} from '../branch-model.ts';
import '../branches.css';

/** A time zone in words: the setup's name of it ("Japan (Tokyo)") where it has one, else its IANA name. */
export function zoneLabel(t: TFunction, zone: string): string {
  return t(`setup:zones.${zone}`, { defaultValue: zone.replace(/_/g, ' ') });
}

/**
 * "Open a branch" and a branch's details (issue 32): name, address, phone, licence number,
 * currency and time zone, each of which may stay empty, the branch then taking the shop's: the
 * shop's value shows greyed in the empty field (`shop`, from the branches that take it). Checked
 * as the contract checks them (branch-model.ts) before the server checks them again.
 */
export function BranchForm({
  branch,
  shop,
  onDone,
  onCancel,
}: {
  /** The branch changed; none: a new one. */
  branch: Branch | null;
  shop: Partial<Branch['details']>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['branches', 'setup']);
  const create = useOpenBranch();
  const change = useChangeBranch();
  const [zones] = useState(() => branchZones(shop.time_zone, branch?.own.time_zone));
  const { values, set, errors, handleSubmit } = useForm({
    initial: () => (branch ? fromBranch(branch) : emptyBranch()),
    check: (entered: BranchValues) => {
      const problems = checkBranch(entered);
      return Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [
          field,
          problem === 'characters'
            ? t('setup:problems.characters')
            : t('setup:problems.tooLong', { max: BRANCH_LIMITS[field as BranchTextField] }),
        ]),
      );
    },
    // The API client has toasted the refusal; a name another open branch reads is said under it too.
    refusal: (error) => (isApiError(error, 'branchNameTaken') ? { name: error.message } : {}),
  });

  // A submit the checks refused puts the focus on the first field in error, ready to fix.
  const checked = useRef(false);
  useEffect(() => {
    if (!checked.current) return;
    checked.current = false;
    const first = BRANCH_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(fieldDomId(`branch_${first}`))?.focus();
  }, [errors]);

  const submit = handleSubmit(async (entered) => {
    const body = toBranchInput(entered);
    if (branch === null) {
      await create.mutateAsync(body);
      successToast(t('done.opened'));
    } else if (sameInput(body, branch.own)) {
      toast(t('form.unchanged'));
      return;
    } else {
      await change.mutateAsync({ id: branch.id, body });
      successToast(t('done.saved'));
    }
    onDone();
  });

  const shops = (value: string | undefined) => (value ? t('form.shopsValue', { value }) : t('form.shops'));
  const text = (field: BranchTextField, props: { type?: string; inputMode?: 'tel' } = {}) => {
    const id = fieldDomId(`branch_${field}`);
    return (
      <Field key={field} name={field} label={t(`form.${field}`)} error={errors[field]} htmlFor={id} stacked>
        {field === 'address' ? (
          <TextArea
            id={id}
            value={values.address}
            maxLength={BRANCH_LIMITS.address}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder={shops(shop.address)}
            onChange={(value) => set('address', value)}
            {...invalidProps(field, errors[field])}
          />
        ) : (
          <Input
            id={id}
            value={values[field]}
            maxLength={BRANCH_LIMITS[field]}
            placeholder={shops(shop[field])}
            onChange={(value) => set(field, value)}
            autoComplete="off"
            {...props}
            {...invalidProps(field, errors[field])}
          />
        )}
      </Field>
    );
  };

  return (
    <form
      className="form-boxed branch-form"
      noValidate
      data-testid="branch-form"
      onSubmit={(event) => {
        checked.current = true;
        void submit(event);
      }}
    >
      <p className="muted branch-form__note">{t('form.note')}</p>
      {text('name')}
      {text('address')}
      {text('phone', { type: 'tel', inputMode: 'tel' })}
      {text('licence_no')}
      <Field name="currency" label={t('form.currency')} htmlFor={fieldDomId('branch_currency')} stacked>
        <PickerField
          id={fieldDomId('branch_currency')}
          label={t('form.currency')}
          value={values.currency}
          noneLabel={shops(shop.currency)}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
          onChange={(value) => set('currency', value)}
          errorId={errorDomId('currency')}
        />
      </Field>
      <Field name="time_zone" label={t('form.time_zone')} htmlFor={fieldDomId('branch_time_zone')} stacked>
        <PickerField
          id={fieldDomId('branch_time_zone')}
          label={t('form.time_zone')}
          value={values.time_zone}
          noneLabel={shops(shop.time_zone && zoneLabel(t, shop.time_zone))}
          options={zones.map((zone) => ({ value: zone, label: zoneLabel(t, zone) }))}
          onChange={(value) => set('time_zone', value)}
          errorId={errorDomId('time_zone')}
        />
      </Field>
      <div className="branch-form__actions">
        <Button type="button" size="large" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" color="primary" size="large" loading={create.isPending || change.isPending}>
          {branch ? t('form.save') : t('form.open')}
        </Button>
      </div>
    </form>
  );
}
