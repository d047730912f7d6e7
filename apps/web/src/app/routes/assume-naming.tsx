import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DownOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { WheelPicker } from '../../components/form/wheel-picker.tsx';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Page } from '../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { useConfirmName } from '../../features/commodity/api/commodity-mutations.ts';
import { commodityDetailOptions, productsOptions } from '../../features/commodity/api/commodity-queries.ts';
import { ChoiceList } from '../../features/commodity/components/choice-list.tsx';
import { CommodityThumb } from '../../features/commodity/components/commodity-card.tsx';
import { commodityPageState } from '../../features/commodity/components/commodity-page-state.tsx';
import { FieldList, Section } from '../../features/commodity/components/field-list.tsx';
import { Button, SearchBar } from '../../lib/antd-mobile.ts';
import { brandChoices, brandsOptions, brandTypesOptions } from '../../lib/catalog.ts';
import { Dialog } from '../../lib/dialog.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/commodity/naming-page.css';
import '../../features/commodity/shared.css';

const SEARCH_DEBOUNCE_MS = 350;
const ALL = 0;

/** The keyword a moment after the last keystroke. */
function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return debounced;
}

/**
 * Confirm the product name: a recorder who did not know the exact model registered an assumed
 * name; here the catalog is searched by brand, type and keyword, and the product picked links
 * the commodity to it.
 */
export default function AssumeNamingRoute() {
  const { t } = useTranslation('commodity');
  // Field labels are the register form's (`enroll:fields.*`).
  useTranslation('enroll');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const detail = useQuery({ ...commodityDetailOptions(id ?? 0), enabled: id !== null });
  const confirmName = useConfirmName();

  const [brandId, setBrandId] = useState<number | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const keyword = useDebounced(text);
  const [picker, setPicker] = useState<'brand' | 'type' | null>(null);
  const [productId, setProductId] = useState<number | null>(null);

  // The commodity's own brand and type until the user picks others.
  const brand = brandId ?? detail.data?.brand.id ?? null;
  const type = typeId ?? (brandId === null ? (detail.data?.type?.id ?? ALL) : ALL);
  const brands = useQuery(brandsOptions());
  const types = useQuery({ ...brandTypesOptions(brand ?? 0), enabled: brand !== null });
  const products = useInfiniteQuery({
    ...productsOptions({ brandId: brand ?? undefined, typeId: type || undefined, keyword }),
    enabled: detail.data !== undefined,
  });

  const state = commodityPageState(id, [detail], [2, 5]);
  if (state.view) return state.view;
  const [data] = state.data;

  const allowed = data.allowed_actions.includes('confirmName');
  const items = products.data?.pages.flatMap((page) => page.items) ?? [];
  const chosen = items.find((product) => product.id === productId) ?? null;
  const brandName = brands.data?.find((b) => b.id === brand)?.name ?? data.brand.name;
  const typeName = type === ALL ? t('naming.allTypes') : (types.data?.find((x) => x.id === type)?.name ?? '');

  const submit = async () => {
    if (!chosen) return;
    const confirmed = await Dialog.confirm({
      title: t('naming.confirmTitle'),
      content: t('naming.confirmText', { no: data.no, from: data.product_name, to: chosen.name }),
      confirmText: t('actions.confirmName'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await confirmName.mutateAsync({ id: data.id, version: data.version, productId: chosen.id });
    } catch {
      return;
    }
    successToast(t('common:success.operate'));
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(withQuery(paths.commodityDetail, { id: data.id }), { replace: true });
  };

  const footer = allowed ? (
    <Button
      className="commodity-footer-button"
      block
      color="primary"
      size="large"
      disabled={!chosen}
      loading={confirmName.isPending}
      onClick={submit}
    >
      {chosen ? t('naming.submit', { name: chosen.name }) : t('naming.choose')}
    </Button>
  ) : undefined;

  return (
    <Page footer={footer}>
      <Section title={t('naming.current')}>
        <FieldList
          rows={[
            { label: t('naming.number'), value: <span className="figure item-no">{data.no}</span> },
            { label: t('naming.assumedName'), value: data.product_name },
            { label: t('enroll:fields.brand'), value: data.brand.name },
            { label: t('enroll:fields.type'), value: data.type?.name },
            { label: t('naming.catalogProduct'), value: data.product?.name ?? t('naming.notLinked') },
          ]}
        />
        {allowed ? null : <p className="commodity-note">{t('naming.notAllowed')}</p>}
      </Section>
      {allowed ? (
        <Section title={t('naming.search')}>
          <div className="commodity-naming-filters">
            <button
              type="button"
              className="commodity-filter"
              aria-haspopup="dialog"
              onClick={() => setPicker('brand')}
            >
              <span className="commodity-filter__label">{t('enroll:fields.brand')}</span>
              <span className="commodity-filter__value">{brandName}</span>
              <DownOutline aria-hidden />
            </button>
            <button
              type="button"
              className="commodity-filter"
              aria-haspopup="dialog"
              onClick={() => setPicker('type')}
              disabled={!types.data || types.data.length === 0}
            >
              <span className="commodity-filter__label">{t('enroll:fields.type')}</span>
              <span className="commodity-filter__value">{typeName}</span>
              <DownOutline aria-hidden />
            </button>
          </div>
          <SearchBar
            value={text}
            onChange={setText}
            placeholder={t('naming.keywordPlaceholder')}
            aria-label={t('naming.keywordPlaceholder')}
            className="commodity-naming-search"
          />
          {products.isPending ? (
            <LoadingRows rows={4} />
          ) : products.isError && !products.data ? (
            <LoadError onRetry={() => products.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState title={t('naming.emptyTitle')} description={t('naming.emptyHint')} />
          ) : (
            <>
              <ChoiceList
                label={t('naming.search')}
                value={productId}
                onChange={setProductId}
                choices={items.map((product) => ({
                  value: product.id,
                  label: (
                    <span className="commodity-product">
                      <CommodityThumb src={product.image} size={44} />
                      <span className="commodity-product__text">
                        <span className="commodity-product__name">{product.name}</span>
                        <span className="muted figure">
                          {[product.brand_name, product.code].filter(Boolean).join(' · ')}
                        </span>
                      </span>
                    </span>
                  ),
                }))}
              />
              <InfiniteFooter query={products} />
            </>
          )}
        </Section>
      ) : null}
      <WheelPicker
        visible={picker === 'brand'}
        title={t('enroll:fields.brand')}
        onClose={() => setPicker(null)}
        options={brandChoices(brands.data)}
        value={brand}
        onConfirm={(value) => {
          const next = Number(value);
          if (next && next !== brand) {
            setBrandId(next);
            setTypeId(ALL);
            setProductId(null);
          }
        }}
      />
      <WheelPicker
        visible={picker === 'type'}
        title={t('enroll:fields.type')}
        onClose={() => setPicker(null)}
        options={[
          { label: t('naming.allTypes'), value: ALL },
          ...(types.data ?? []).map((x) => ({ label: x.name, value: x.id })),
        ]}
        value={type}
        onConfirm={(value) => {
          setTypeId(Number(value));
          setProductId(null);
        }}
      />
    </Page>
  );
}
