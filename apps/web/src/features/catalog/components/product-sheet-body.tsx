import { useQuery } from '@tanstack/react-query';
import { LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { productRecordOptions } from '../api/catalog-queries.ts';
import { emptyProduct, productValues } from '../product-model.ts';
import { ProductForm } from './product-form.tsx';

/** The product sheet's form: a new product (`id` null), or one of the list once its record has loaded. */
export default function ProductSheetBody({ id, onDone }: { id: number | null; onDone: () => void }) {
  if (id === null) return <ProductForm id={null} initial={emptyProduct()} retired={false} onDone={onDone} />;
  return <EditProduct id={id} onDone={onDone} />;
}

/** A product of the list in its form, once its record has loaded. */
function EditProduct({ id, onDone }: { id: number; onDone: () => void }) {
  const record = useQuery(productRecordOptions(id));
  if (record.isPending) return <LoadingRows rows={6} />;
  if (record.isError) return <LoadError onRetry={() => record.refetch()} />;
  return <ProductForm id={id} initial={productValues(record.data)} retired={record.data.retired} onDone={onDone} />;
}
