import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { customerListOptions, useCreateCustomer } from '../../features/customer/api/customer-queries.ts';
import { CustomerForm } from '../../features/customer/components/customer-form.tsx';
import { SearchBar } from '../../lib/antd-mobile.ts';
import { PullToRefresh } from '../../lib/antd-mobile-motion.ts';
import { formatRelative } from '../../lib/format.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/customer/customer.css';
import { readsOnly, useAuthStore } from '../../stores/auth-store.ts';

const SEARCH_DEBOUNCE_MS = 350;

/** Customers by phone (its first digits) or name; a new one is created here too. Recorders only. */
export default function CustomerListRoute() {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const keyword = search.get('keyword')?.trim() ?? '';
  const [text, setText] = useState(keyword);
  const [creating, setCreating] = useState(false);
  const create = useCreateCustomer();
  // A manager reading as a recorder (ADR 0104) reads customers, creates none.
  const writes = !useAuthStore(readsOnly);
  const latest = useRef(setSearch);
  latest.current = setSearch;

  useEffect(() => {
    if (text.trim() === keyword) return;
    const timer = window.setTimeout(
      () => latest.current(text.trim() ? { keyword: text.trim() } : {}, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [text, keyword]);

  return (
    <Page
      right={
        writes ? (
          <button type="button" className="page-action customer-page-action" onClick={() => setCreating(true)}>
            {t('list.create')}
          </button>
        ) : undefined
      }
    >
      <div className="customer-search">
        <SearchBar
          value={text}
          onChange={setText}
          onSearch={(value) => setSearch(value.trim() ? { keyword: value.trim() } : {}, { replace: true })}
          onClear={() => setSearch({}, { replace: true })}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchLabel')}
        />
      </div>
      <CustomerList keyword={keyword} />
      <Sheet open={creating} onClose={() => setCreating(false)} title={t('list.create')}>
        <CustomerForm
          initial={/^[0-9+\s-]+$/.test(keyword) ? { phone: keyword } : { name: keyword }}
          submitLabel={t('form.create')}
          onCancel={() => setCreating(false)}
          onSubmit={async (body) => {
            const created = await create.mutateAsync(body);
            setCreating(false);
            successToast(t('form.created'));
            navigate(withQuery(paths.customerDetail, { id: created.id }));
          }}
        />
      </Sheet>
    </Page>
  );
}

function CustomerList({ keyword }: { keyword: string }) {
  const { t } = useTranslation('customer');
  const query = useInfiniteQuery(customerListOptions(keyword));
  if (query.isPending) return <LoadingRows />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {items.length === 0 ? (
        <EmptyState
          title={keyword ? t('list.emptySearch', { keyword }) : t('list.empty')}
          description={t('list.emptyHint')}
        />
      ) : (
        <>
          <ul className="customer-list">
            {items.map((customer) => (
              <li key={customer.id}>
                <Link className="card customer-card" to={withQuery(paths.customerDetail, { id: customer.id })}>
                  <div className="customer-card__line">
                    <h2 className="customer-card__name">{customer.name}</h2>
                    <span className="muted">{t('visits', { count: customer.visits })}</span>
                  </div>
                  <p className="customer-card__meta muted">
                    <span className="figure">{customer.phone}</span>
                    {' · '}
                    {t('list.lastActivity', { when: formatRelative(customer.last_activity_at) })}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
