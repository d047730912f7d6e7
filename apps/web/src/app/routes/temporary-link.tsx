import { TEMPORARY_LINK_DEFAULT_HOURS } from '@jewel/contract/values/limits';
import { ROLE_CODES, type RoleCode } from '@jewel/contract/values/roles';
import { paths } from '@jewel/contract/values/web-paths';
import { useMutation } from '@tanstack/react-query';
import { Field } from '../../components/form/field.tsx';
import { useForm } from '../../components/form/use-form.ts';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { StaffOnly } from '../../components/staff-only.tsx';
import { temporaryLinkKeys } from '../../features/temporary/api/temporary-link-queries.ts';
import { LinkShareCard } from '../../features/temporary/components/link-share-card.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { call } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { routes } from '../../lib/routes.ts';
import { Selector } from '../../lib/selector.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/temporary/temporary.css';

const VALIDITY_HOURS = [1, TEMPORARY_LINK_DEFAULT_HOURS, 3 * 24, 7 * 24];

/** Create a guest link for a role and a validity, then share it as a QR code or an address. */
export default function TemporaryLinkRoute() {
  const { t } = useTranslation('temporary');
  // Two choices, each with a value from the start: nothing to check before the server.
  const { values, set, handleSubmit } = useForm({
    initial: { role: 'recorder' as RoleCode, hours: TEMPORARY_LINK_DEFAULT_HOURS },
    check: () => ({}),
  });
  const validityLabel = (value: number) =>
    value < 24 ? t('link.hours', { count: value }) : t('link.days', { count: value / 24 });
  const create = useMutation({
    mutationFn: (body: { role: RoleCode; hours: number }) => call(routes.authTmp, { body }),
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
      <StaffOnly title={t('staffOnly.title')} description={t('staffOnly.hint')}>
        <section className="card temporary-form">
          <Field name="role" label={t('link.role')} group>
            <Selector
              columns={2}
              value={[values.role]}
              onChange={(value) => value[0] && set('role', value[0])}
              options={ROLE_CODES.map((code) => ({
                value: code,
                label: t(`common:role.temporary.${code}`),
                description: t(`link.roleHint.${code}`),
              }))}
            />
          </Field>
          <Field name="hours" label={t('link.validity')} group>
            <Selector
              columns={4}
              value={[values.hours]}
              onChange={(value) => value[0] && set('hours', value[0])}
              options={VALIDITY_HOURS.map((value) => ({ value, label: validityLabel(value) }))}
            />
          </Field>
          <p className="muted temporary-form__note">{t('link.note')}</p>
          <Button
            block
            color="primary"
            size="large"
            loading={create.isPending}
            onClick={handleSubmit((body) => create.mutateAsync(body))}
          >
            {t('link.create')}
          </Button>
        </section>
        {create.data ? <LinkShareCard key={create.data.uuid} link={create.data} /> : null}
      </StaffOnly>
    </Page>
  );
}
