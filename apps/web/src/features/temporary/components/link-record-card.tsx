import type { TemporaryLink, TemporaryLinkState } from '@jewel/contract/temporary';
import { useMutation } from '@tanstack/react-query';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { call } from '../../../lib/api-client.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { formatDateTime, formatList } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routes } from '../../../lib/routes.ts';
import { successToast, toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { shareUrl, temporaryLinkKeys } from '../api/temporary-link-queries.ts';

const stateColor: Record<TemporaryLinkState, string> = {
  active: 'success',
  expired: 'default',
  revoked: 'var(--app-stage-returned)',
};

/** One link the user made: role, state, uses and guests, with copy and revoke while it is active. */
export function LinkRecordCard({ link }: { link: TemporaryLink }) {
  const { t } = useTranslation('temporary');
  const revoke = useMutation({
    mutationFn: () => call(routes.temporaryLinkRevoke, { params: { uuid: link.uuid } }),
    onSuccess: () => {
      successToast(t('record.revoked'));
      return queryClient.invalidateQueries({ queryKey: temporaryLinkKeys.all });
    },
  });

  const confirmRevoke = async () => {
    const confirmed = await Dialog.confirm({
      title: t('record.revoke'),
      content: t('record.revokeConfirm', { role: t(`common:role.temporary.${link.role}`), count: link.guests.length }),
      confirmText: <span className="danger-text">{t('record.revoke')}</span>,
      cancelText: t('common:cancel'),
    });
    if (confirmed) revoke.mutate();
  };
  const copy = async () => {
    if (await copyText(shareUrl(link.path))) successToast(t('link.copied'));
    else toast(t('link.copyFailed'));
  };

  return (
    <article className="card temporary-record" data-testid="temporary-record">
      <header className="temporary-record__head">
        <span className="temporary-record__role">{t(`common:role.temporary.${link.role}`)}</span>
        <Tag color={stateColor[link.state]} round>
          {t(`state.${link.state}`)}
        </Tag>
      </header>
      <dl className="temporary-record__facts">
        <dt>{t('record.created')}</dt>
        <dd>{formatDateTime(link.created_at)}</dd>
        <dt>{link.state === 'revoked' ? t('record.revokedAt') : t('record.expires')}</dt>
        <dd>{formatDateTime(link.revoked_at ?? link.expires_at)}</dd>
        <dt>{t('record.uses')}</dt>
        <dd className="figure">{link.uses}</dd>
        <dt>{t('record.guests')}</dt>
        <dd>{link.guests.length > 0 ? formatList(link.guests.map((guest) => guest.name)) : '—'}</dd>
      </dl>
      {link.state === 'active' ? (
        <footer className="temporary-record__actions">
          <Button size="small" fill="outline" onClick={copy}>
            {t('link.copy')}
          </Button>
          <Button size="small" color="danger" fill="outline" loading={revoke.isPending} onClick={confirmRevoke}>
            {t('record.revoke')}
          </Button>
        </footer>
      ) : null}
    </article>
  );
}
