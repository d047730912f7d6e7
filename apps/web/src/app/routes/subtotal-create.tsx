import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { useCreateSubtotal } from '../../features/information/api/information-queries.ts';
import { FilterWords } from '../../features/information/components/filter-words.tsx';
import { StaffOnly, useIsGuest } from '../../features/information/components/staff-only.tsx';
import { filterFromSearch } from '../../features/information/information-filter.ts';
import { Button, Input } from '../../lib/antd-mobile.ts';
import { successToast } from '../../lib/toast.ts';
import '../../features/information/information.css';

const NAME_MAX = 60;

/** "Add subtotal": a name for the data base's current filter, shown in words; confirming computes the first version. */
export default function SubtotalCreateRoute() {
  const { t } = useTranslation('information');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const filter = filterFromSearch(search);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSubtotal();
  const guest = useIsGuest();

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('create.nameRequired'));
      return;
    }
    create.mutate(
      { name: trimmed, filter },
      {
        onSuccess: (subtotal) => {
          successToast(t('create.created'));
          navigate(withQuery(paths.subtotalDetail, { id: subtotal.id }), { replace: true });
        },
      },
    );
  };

  const footer = guest ? undefined : (
    <Button block color="primary" size="large" loading={create.isPending} onClick={submit}>
      {t('create.submit')}
    </Button>
  );

  return (
    <Page footer={footer}>
      <StaffOnly>
        <form
          className="info-create"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <section className="card">
            <label className="card__title" htmlFor="subtotal-name">
              {t('create.name')}
            </label>
            <Input
              id="subtotal-name"
              value={name}
              maxLength={NAME_MAX}
              clearable
              placeholder={t('create.namePlaceholder')}
              onChange={(value) => {
                setName(value);
                setError(null);
              }}
              onEnterPress={submit}
              aria-invalid={error !== null}
              aria-describedby={error ? 'subtotal-name-error' : undefined}
            />
            {error ? (
              <p id="subtotal-name-error" className="field-error" role="alert">
                {error}
              </p>
            ) : null}
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
