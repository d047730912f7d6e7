import type { Product } from '@jewel/contract/catalog';
import { REPLENISH_STATUS } from '@jewel/contract/values/dictionary';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ChoiceSheet } from '../../../components/choice-sheet.tsx';
import { Tag } from '../../../lib/antd-mobile.ts';
import { call } from '../../../lib/api-client.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routes } from '../../../lib/routes.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { restockKeys } from '../api/restock-queries.ts';

const statusColor: Record<number, string> = {
  [REPLENISH_STATUS.notNeeded]: 'default',
  [REPLENISH_STATUS.wanted]: 'warning',
  [REPLENISH_STATUS.urgentlyWanted]: 'danger',
};

/** One wanted product: what it is, how much the shop wants it, and a way to change that. */
export function RestockCard({ product }: { product: Product }) {
  const { t } = useTranslation('restock');
  const { options, label } = useDictionaryOptions('product.replenish_status');
  const [choosing, setChoosing] = useState(false);
  const change = useMutation({
    mutationFn: (status: number) =>
      call(routes.productReplenish, { params: { id: product.id }, body: { replenish_status: status } }),
    onSuccess: () => {
      successToast(t('changed'));
      return queryClient.invalidateQueries({ queryKey: restockKeys.all });
    },
  });

  return (
    <article className="card restock-card" data-testid="restock-card">
      {product.image ? (
        <img
          className="restock-card__image"
          src={product.image}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="restock-card__main">
        <h3 className="restock-card__name">{product.name}</h3>
        <p className="muted restock-card__meta">
          {product.brand_name}
          {product.code ? ` · ${product.code}` : ''}
        </p>
      </div>
      <div className="restock-card__side">
        <Tag color={statusColor[product.replenish_status]} round>
          {label(product.replenish_status)}
        </Tag>
        <button
          type="button"
          className="link-button restock-card__change"
          // Not `disabled`: the focus comes back here from the sheet while the change is saved.
          aria-disabled={change.isPending || undefined}
          onClick={() => {
            if (!change.isPending) setChoosing(true);
          }}
        >
          {t('change')}
        </button>
      </div>
      <ChoiceSheet
        open={choosing}
        onClose={() => setChoosing(false)}
        title={t('changeTitle', { name: product.name })}
        choices={options.map((option) => ({
          key: String(option.value),
          label: option.label,
          disabled: Number(option.value) === product.replenish_status,
          onChoose: () => change.mutate(Number(option.value)),
        }))}
      />
    </article>
  );
}
