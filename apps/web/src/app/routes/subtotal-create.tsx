import { TEXT_MAX } from '@jewel/contract/values/limits';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useNavigate, useSearchParams } from 'react-router';
import { Field, invalidProps } from '../../components/form/field.tsx';
import { useForm } from '../../components/form/use-form.ts';
import { Page } from '../../components/page.tsx';
import { StaffOnly, useIsGuest } from '../../components/staff-only.tsx';
import { useCreateSubtotal } from '../../features/information/api/information-queries.ts';
import { FilterWords } from '../../features/information/components/filter-words.tsx';
import { filterFromSearch } from '../../features/information/information-filter.ts';
import { Button } from '../../lib/antd-mobile.ts';
import { Input } from '../../lib/input.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/information/information.css';

/** "Add subtotal": a name for the data base's current filter, shown in words; confirming computes the first version. */
export default function SubtotalCreateRoute() {
  const { t } = useTranslation('information');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const filter = filterFromSearch(search);
  const create = useCreateSubtotal();
  const guest = useIsGuest();
  const { values, set, errors, handleSubmit } = useForm({
    initial: { name: '' },
    check: ({ name }) => ({ name: name.trim() ? undefined : t('create.nameRequired') }),
  });

  const submit = handleSubmit(async ({ name }) => {
    const subtotal = await create.mutateAsync({ name: name.trim(), filter });
    successToast(t('create.created'));
    navigate(withQuery(paths.subtotalDetail, { id: subtotal.id }), { replace: true });
  });

  const footer = guest ? undefined : (
    <Button block color="primary" size="large" loading={create.isPending} onClick={() => submit()}>
      {t('create.submit')}
    </Button>
  );

  return (
    <Page footer={footer}>
      <StaffOnly title={t('guest.title')} description={t('guest.description')}>
        <form className="info-create" onSubmit={submit}>
          <section className="card">
            <Field name="name" label={t('create.name')} htmlFor="subtotal-name" error={errors.name} stacked>
              <Input
                id="subtotal-name"
                value={values.name}
                maxLength={TEXT_MAX.subtotalName}
                clearable
                placeholder={t('create.namePlaceholder')}
                onChange={(value) => set('name', value)}
                onEnterPress={() => submit()}
                {...invalidProps('name', errors.name)}
              />
            </Field>
          </section>
          <section className="card">
            <h2 className="card__title">{t('create.filter')}</h2>
            <FilterWords filter={filter} />
            <p className="muted info-create__hint">{t('create.hint')}</p>
          </section>
        </form>
      </StaffOnly>
    </Page>
  );
}
