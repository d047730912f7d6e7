import { useQuery } from '@tanstack/react-query';
import { LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { brandRecordOptions } from '../api/catalog-queries.ts';
import { brandValues, emptyBrand } from '../brand-model.ts';
import { BrandForm } from './brand-form.tsx';

/** The brand sheet's form: a new brand (`id` null), or one of the list once its record has loaded. */
export default function BrandSheetBody({ id, onDone }: { id: number | null; onDone: () => void }) {
  if (id === null) return <BrandForm id={null} initial={emptyBrand()} retired={false} onDone={onDone} />;
  return <EditBrand id={id} onDone={onDone} />;
}

function EditBrand({ id, onDone }: { id: number; onDone: () => void }) {
  const record = useQuery(brandRecordOptions(id));
  if (record.isPending) return <LoadingRows rows={4} />;
  if (record.isError) return <LoadError onRetry={() => record.refetch()} />;
  return <BrandForm id={id} initial={brandValues(record.data)} retired={record.data.retired} onDone={onDone} />;
}
