import type { Branch } from '@jewel/contract/branches';
import type { StaffMember } from '@jewel/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FieldError } from '../../../components/form/field.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { call } from '../../../lib/api-client.ts';
import { branchKeys, branchListOptions, branchRoutes } from '../../../lib/branch-list.ts';
import { staffKeys } from '../../../lib/staff-list.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../staff.css';

/**
 * The branches the manager keeps (GET /api/branches), when there are several: a one-branch shop's
 * staff page shows nothing of branches (issue 32). Undefined until known, or when it cannot be.
 */
function useKeptBranches(): Branch[] | undefined {
  const query = useQuery(branchListOptions());
  return query.data && query.data.length > 1 ? query.data : undefined;
}

/** The body of PUT /api/staff/:id/branches: the ticked ones, and the member's others the manager does not keep, as they are. */
export function branchesToSave(member: Pick<StaffMember, 'branch_ids'>, kept: readonly Branch[], ticked: number[]) {
  const keptIds = new Set(kept.map((branch) => branch.id));
  return [...member.branch_ids.filter((id) => !keptIds.has(id)), ...ticked].sort((a, b) => a - b);
}

/** Where a member works, by name (issue 32); nothing while the shop has one branch. */
export function StaffBranchNames({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  const kept = useKeptBranches();
  if (!kept) return null;
  const names = kept.filter((branch) => member.branch_ids.includes(branch.id)).map((branch) => branch.details.name);
  // Branches the manager does not keep are counted, not named: the list names only theirs.
  const others = member.branch_ids.length - names.length;
  const words = [...names, ...(others > 0 ? [t('branches.others', { count: others })] : [])];
  return (
    <p className="staff-card__meta" data-testid="staff-branches">
      {t('branches.line', { names: words.length > 0 ? words.join(' · ') : t('branches.none') })}
    </p>
  );
}

/**
 * The button opening a member's branches (issue 32), for anyone but oneself (the server refuses
 * a manager their own); nothing while the shop has one branch.
 */
export function StaffBranchesButton({ member, self }: { member: StaffMember; self: boolean }) {
  const { t } = useTranslation('staff');
  const kept = useKeptBranches();
  const [open, setOpen] = useState(false);
  if (!kept || self) return null;
  return (
    <>
      <button
        type="button"
        className="staff-card__sign-in"
        aria-haspopup="dialog"
        aria-label={t('branches.open', { name: member.name })}
        onClick={() => setOpen(true)}
      >
        {t('branches.button')}
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title={t('branches.title', { name: member.name })}>
        <StaffBranchesForm member={member} kept={kept} onDone={() => setOpen(false)} />
      </Sheet>
    </>
  );
}

/**
 * A box per branch the manager keeps, ticked where the member works; a closed one can be kept
 * or taken away, not given. Saved whole (PUT /api/staff/:id/branches); the member's sessions at a
 * branch taken away end. Refusals (`branchClosed`, `branchNotHeld`) are toasted by the API client.
 */
export function StaffBranchesForm({
  member,
  kept,
  onDone,
}: {
  member: StaffMember;
  kept: readonly Branch[];
  onDone: () => void;
}) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState(() =>
    kept.filter((branch) => member.branch_ids.includes(branch.id)).map((branch) => branch.id),
  );
  const [problem, setProblem] = useState<string>();
  const save = useMutation({
    mutationFn: (branchIds: number[]) =>
      call(branchRoutes.staffBranches, { params: { id: member.id }, body: { branch_ids: branchIds } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.all }),
        queryClient.invalidateQueries({ queryKey: branchKeys.all }),
      ]),
  });
  const toggle = (id: number, on: boolean) => {
    setProblem(undefined);
    setTicked((current) => (on ? [...current, id] : current.filter((each) => each !== id)));
  };
  const submit = async () => {
    const body = branchesToSave(member, kept, ticked);
    if (body.length === 0) {
      setProblem(t('branches.atLeastOne'));
      return;
    }
    try {
      await save.mutateAsync(body);
      successToast(t('branches.saved'));
      onDone();
    } catch {
      // toasted by the API client, in the server's words
    }
  };

  return (
    <form
      className="staff-branches"
      noValidate
      data-testid="staff-branches-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="staff-branches__set" aria-describedby={problem ? 'staff-branches-error' : undefined}>
        <legend className="staff-sign-in__heading">{t('branches.label')}</legend>
        <p className="muted staff-sign-in__hint">{t('branches.hint')}</p>
        <ul className="staff-branches__list">
          {kept.map((branch) => {
            const closed = branch.closed_at !== null;
            const holds = ticked.includes(branch.id);
            return (
              <li key={branch.id}>
                <label className="staff-branches__choice">
                  <input
                    type="checkbox"
                    className="staff-branches__box"
                    checked={holds}
                    // A closed branch is given to nobody; one the member has may be taken away.
                    disabled={closed && !holds && !member.branch_ids.includes(branch.id)}
                    onChange={(event) => toggle(branch.id, event.target.checked)}
                  />
                  <span className="staff-branches__name">
                    {branch.details.name}
                    {closed ? <span className="muted"> {t('branches.closed')}</span> : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <FieldError id="staff-branches-error" error={problem} />
      </fieldset>
      <Button type="submit" color="primary" size="large" block loading={save.isPending}>
        {t('branches.save')}
      </Button>
    </form>
  );
}
