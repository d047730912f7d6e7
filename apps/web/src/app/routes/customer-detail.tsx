import { parseId } from '@jewel/contract/values/ids';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { LoadError, LoadingRows } from '../../components/state-views.tsx';
import { StatusTag } from '../../features/commodity/components/status-tag.tsx';
import { customerDetailOptions, useUpdateCustomer } from '../../features/customer/api/customer-queries.ts';
import { CustomerForm } from '../../features/customer/components/customer-form.tsx';
import { CustomerRecord, IdentityChecks, VisitList } from '../../features/customer/components/customer-sections.tsx';
import { isMissing } from '../../lib/is-api-error.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { readsOnly, useAuthStore } from '../../stores/auth-store.ts';
import '../../features/customer/customer.css';

/**
 * One customer: the record (editable), every visit with its items and outcomes, and for staff
 * recorders the identity checks, masked, opened on request.
 */
export default function CustomerDetailRoute() {
  const { t } = useTranslation('customer');
  const [search] = useSearchParams();
  const id = parseId(search.get('id')) ?? 0;
  const query = useQuery({ ...customerDetailOptions(id), enabled: id > 0 });
  const update = useUpdateCustomer(id);
  const staff = useAuthStore((state) => state.user?.is_tmp !== 1);
  const writes = !useAuthStore(readsOnly);
  const [editing, setEditing] = useState(false);

  if (!id || (query.isError && isMissing(query.error))) {
    return (
      <Page>
        <LoadError onRetry={() => query.refetch()} />
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page>
        <LoadingRows />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page>
        <LoadError onRetry={() => query.refetch()} />
      </Page>
    );
  }
  const customer = query.data;
  return (
    <Page>
      <CustomerRecord customer={customer} onEdit={writes ? () => setEditing(true) : undefined} />
      <VisitList customer={customer} renderStatus={(status) => <StatusTag status={status} />} />
      {staff ? <IdentityChecks customer={customer} /> : null}
      <Sheet open={editing} onClose={() => setEditing(false)} title={t('detail.edit')}>
        <CustomerForm
          initial={{
            name: customer.name,
            phone: customer.phone,
            address: customer.address,
            occupation: customer.occupation,
            birth_date: customer.birth_date ?? '',
          }}
          submitLabel={t('form.save')}
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await update.mutateAsync(body);
            setEditing(false);
            successToast(t('form.saved'));
          }}
        />
      </Sheet>
    </Page>
  );
}
