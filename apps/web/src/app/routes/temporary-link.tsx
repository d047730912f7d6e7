import type { RoleCode } from '@jewel/contract/roles';
import { TEMPORARY_LINK_DEFAULT_HOURS } from '@jewel/contract/values/limits';
import { paths } from '@jewel/contract/values/web-paths';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { temporaryLinkKeys } from '../../features/temporary/api/temporary-link-queries.ts';
import { LinkShareCard } from '../../features/temporary/components/link-share-card.tsx';
import { StaffOnly } from '../../features/temporary/components/staff-only.tsx';
import { Button, Selector } from '../../lib/antd-mobile.ts';
import { call } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { routes } from '../../lib/routes.ts';
import '../../features/temporary/temporary.css';

const ROLES: RoleCode[] = ['recorder', 'valuers'];
const VALIDITY_HOURS = [1, TEMPORARY_LINK_DEFAULT_HOURS, 3 * 24, 7 * 24];

/** Create a guest link for a role and a validity, then share it as a QR code or an address. */
export default function TemporaryLinkRoute() {
  const { t } = useTranslation('temporary');
  const [role, setRole] = useState<RoleCode>('recorder');
  const [hours, setHours] = useState(TEMPORARY_LINK_DEFAULT_HOURS);
  const validityLabel = (value: number) =>
    value < 24 ? t('link.hours', { count: value }) : t('link.days', { count: value / 24 });
  const create = useMutation({
    mutationFn: () => call(routes.authTmp, { body: { role, hours } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: temporaryLinkKeys.all }),
  });

  return (
    <Page
      right={
        <Link className="page-action" to={paths.temporaryRecord}>
          {t('link.records')}
        </Link>
      }
    >
      <StaffOnly>
        <section className="card temporary-form">
          <h2 className="card__title">{t('link.role')}</h2>
          <Selector
            columns={2}
            value={[role]}
            onChange={(value) => value[0] && setRole(value[0])}
            options={ROLES.map((code) => ({
              value: code,
              label: t(`role.${code}`),
              description: t(`link.roleHint.${code}`),
            }))}
          />
          <h2 className="card__title temporary-form__gap">{t('link.validity')}</h2>
          <Selector
            columns={4}
            value={[hours]}
            onChange={(value) => value[0] && setHours(value[0])}
            options={VALIDITY_HOURS.map((value) => ({ value, label: validityLabel(value) }))}
          />
          <p className="muted temporary-form__note">{t('link.note')}</p>
          <Button block color="primary" size="large" loading={create.isPending} onClick={() => create.mutate()}>
            {t('link.create')}
          </Button>
        </section>
        {create.data ? <LinkShareCard key={create.data.uuid} link={create.data} /> : null}
      </StaffOnly>
    </Page>
  );
}
