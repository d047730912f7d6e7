import type { Branch } from '@jewel/contract/branches';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useBranchState } from '../api/branch-queries.ts';
import '../branches.css';

/**
 * One branch: its name (a closed one tagged so), address, licence number (said to be the shop's
 * when it takes it), phone and how many work there; a change of its details, and its closing or
 * opening again, each after a confirmation that names what happens. The server's refusal (the
 * last open branch, someone's only branch, items under way) is toasted by the API client.
 */
export function BranchCard({
  branch,
  shop,
  onEdit,
}: {
  branch: Branch;
  shop: Partial<Branch['details']>;
  onEdit: () => void;
}) {
  const { t } = useTranslation('branches');
  const state = useBranchState();
  const closed = branch.closed_at !== null;
  const { name } = branch.details;
  const headingId = `branch-${branch.id}-name`;

  const toggle = async () => {
    const confirmed = await Dialog.confirm({
      title: t(closed ? 'confirm.reopenTitle' : 'confirm.closeTitle', { name }),
      content: t(closed ? 'confirm.reopenText' : 'confirm.closeText'),
      confirmText: closed ? t('actions.reopen') : <span className="danger-text">{t('actions.close')}</span>,
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await state.mutateAsync({ id: branch.id, open: closed });
      successToast(t(closed ? 'done.reopened' : 'done.closed', { name }));
    } catch {
      // toasted by the API client, in the server's words
    }
  };

  /** A detail as the branch runs by it: the shop's said so; one neither set says that. */
  const fact = (field: 'address' | 'phone' | 'licence_no', figure = false) => {
    const value = branch.details[field];
    if (!value) return <span className="muted">{t('card.unset')}</span>;
    return (
      <>
        {figure ? <span className="figure">{value}</span> : value}
        {branch.own[field] === null && shop[field] !== undefined ? (
          <span className="muted"> {t('card.shops')}</span>
        ) : null}
      </>
    );
  };

  return (
    <article
      className={closed ? 'card branch-card branch-card--closed' : 'card branch-card'}
      data-testid="branch-card"
      data-id={branch.id}
      aria-labelledby={headingId}
    >
      <div className="branch-card__head">
        <h2 className="branch-card__name" id={headingId}>
          {name}
        </h2>
        {closed ? (
          <Tag color="var(--app-stage-returned)" fill="solid" round data-tag="closed">
            {t('card.closed')}
          </Tag>
        ) : null}
      </div>
      <dl className="branch-card__facts">
        <div>
          <dt>{t('form.address')}</dt>
          <dd>{fact('address')}</dd>
        </div>
        <div>
          <dt>{t('form.licence_no')}</dt>
          <dd data-testid="branch-licence">{fact('licence_no', true)}</dd>
        </div>
        <div>
          <dt>{t('form.phone')}</dt>
          <dd>{fact('phone', true)}</dd>
        </div>
        <div>
          <dt>{t('card.staff')}</dt>
          <dd data-testid="branch-staff">{t('card.staffCount', { count: branch.staff })}</dd>
        </div>
      </dl>
      <div className="branch-card__actions">
        <Button
          size="small"
          fill="outline"
          color="primary"
          aria-label={t('actions.editNamed', { name })}
          onClick={onEdit}
        >
          {t('actions.edit')}
        </Button>
        <Button
          size="small"
          fill="none"
          color={closed ? 'primary' : 'danger'}
          loading={state.isPending}
          aria-label={t(closed ? 'actions.reopenNamed' : 'actions.closeNamed', { name })}
          onClick={() => void toggle()}
        >
          {t(closed ? 'actions.reopen' : 'actions.close')}
        </Button>
      </div>
    </article>
  );
}
