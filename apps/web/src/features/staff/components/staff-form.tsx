import type { StaffMember } from '@jewel/contract/staff';
import { useEffect, useRef } from 'react';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { Selector } from '../../../lib/selector.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useInviteMember } from '../api/staff-queries.ts';
import {
  checkStaff,
  emptyStaff,
  STAFF_FIELDS,
  STAFF_LIMITS,
  STAFF_ROLES,
  type StaffField,
  type StaffProblem,
  type StaffValues,
  toStaffInvite,
} from '../staff-model.ts';
import '../staff.css';

/**
 * "Add a member": their name, the mobile number they sign in with, and their roles (recorder,
 * valuer, manager: any of them, at least one, ADR 0104); checked with the contract's rules (staff-model.ts) before the server checks
 * them again. `onAdded` gets the new member and their first password, to show once.
 */
export function StaffForm({
  onAdded,
  onCancel,
}: {
  onAdded: (answer: { member: StaffMember; password: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('staff');
  const invite = useInviteMember();
  const roleLabel = (role: string) => (role === 'manager' ? t('tags.manager') : t(`common:role.${role}`));
  const { values, set, errors, handleSubmit } = useForm({
    initial: () => emptyStaff(),
    check: (entered: StaffValues) => {
      const problems = checkStaff(entered);
      return Object.fromEntries(
        STAFF_FIELDS.filter((field) => problems[field]).map((field) => [
          field,
          message(field, problems[field] as StaffProblem),
        ]),
      );
    },
    // The API client has toasted a refusal; a mobile number already in use is said under it too.
    refusal: (error) => (isApiError(error, 'mobileTaken') ? { mobile: error.message } : {}),
  });

  /** A field's problem in words. */
  function message(field: StaffField, problem: StaffProblem): string {
    if (problem === 'characters') return t('form.problems.characters');
    if (field === 'roles') return t('form.problems.roles');
    if (problem === 'required') return t('errors:cannotBeEmpty');
    if (field === 'mobile' && problem === 'invalid') return t('form.problems.mobile');
    if (problem === 'tooLong') return t('form.problems.tooLong', { max: STAFF_LIMITS.name });
    return t('form.problems.choose');
  }

  // A submit the checks refused puts the focus on the first field in error, ready to fix.
  const checked = useRef(false);
  useEffect(() => {
    if (!checked.current) return;
    checked.current = false;
    const first = STAFF_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(fieldDomId(first))?.focus();
  }, [errors]);

  const submit = handleSubmit(async (entered) => {
    onAdded(await invite.mutateAsync(toStaffInvite(entered)));
  });

  return (
    <form
      className="form-boxed staff-form"
      noValidate
      onSubmit={(event) => {
        checked.current = true;
        void submit(event);
      }}
    >
      <Field name="name" label={t('form.name')} required error={errors.name} htmlFor={fieldDomId('name')}>
        <Input
          id={fieldDomId('name')}
          value={values.name}
          maxLength={STAFF_LIMITS.name}
          placeholder={t('form.namePlaceholder')}
          onChange={(value) => set('name', value)}
          autoComplete="off"
          {...invalidProps('name', errors.name)}
        />
      </Field>
      <Field
        name="mobile"
        label={t('form.mobile')}
        required
        error={errors.mobile}
        htmlFor={fieldDomId('mobile')}
        hint={t('form.mobileHint')}
      >
        <Input
          id={fieldDomId('mobile')}
          value={values.mobile}
          maxLength={STAFF_LIMITS.mobile}
          onChange={(value) => set('mobile', value)}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...invalidProps('mobile', errors.mobile)}
        />
      </Field>
      <Field name="roles" label={t('form.roles')} required error={errors.roles} hint={t('form.rolesHint')} group>
        <Selector
          columns={3}
          multiple
          showCheckMark
          options={STAFF_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
          value={values.roles}
          onChange={(roles) => set('roles', roles)}
        />
      </Field>
      <div className="staff-form__actions">
        <Button type="button" size="large" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" color="primary" size="large" loading={invite.isPending}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
