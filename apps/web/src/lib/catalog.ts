import type { Brand } from '@jewel/contract/catalog';
import type { Lang } from '@jewel/contract/values/i18n';
import { type QueryKey, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { currentLanguage } from './i18n.ts';
import { catalogKeys } from './query-keys.ts';
import { routes } from './routes.ts';

/*
 * The catalog's lookup lists (brands, a brand's types, categories, materials, workflows) and the
 * valuers, shared by every screen that picks from them: one query each under `catalogKeys`.
 */

const LOOKUP_STALE_MS = 10 * 60_000;

/*
 * A retired brand, category or material (issue 28 item 5) is left out of the answers the pickers
 * choose from for a new item; `withRetired` asks for it too, marked, where a name is shown for
 * what already names it (an item's photo guide, a filter's words, a draft) and in the managers' list.
 */
const retiredToo = (withRetired: boolean) => ({ query: withRetired ? { with_retired: 1 } : {} });
const retiredKey = (withRetired: boolean) => (withRetired ? (['with-retired'] as const) : ([] as const));

export function brandsOptions(withRetired = false) {
  return queryOptions({
    queryKey: [...catalogKeys.brands(), ...retiredKey(withRetired)],
    queryFn: ({ signal }) => call(routes.brands, retiredToo(withRetired), { signal, hideErrorToast: true }),
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * What a picker offers for an item: the entries that may be chosen for a new one (`offered`), and
 * the one the item already names (`currentId`) when it has been retired since, so that an item
 * edited after its brand was retired shows that brand (`retired`: the picker marks it) rather than
 * an empty picker. The list with retired entries (`withRetired`) is asked for only then.
 */
export function useOfferedKeeping<T extends { id: number; retired: boolean }, K extends QueryKey>(
  offered: T[] | undefined,
  currentId: number | null,
  withRetired: UseQueryOptions<T[], Error, T[], K>,
): T[] | undefined {
  const missing = offered !== undefined && currentId !== null && !offered.some((entry) => entry.id === currentId);
  const every = useQuery({ ...withRetired, enabled: missing });
  const kept = missing ? every.data?.find((entry) => entry.id === currentId) : undefined;
  return kept && offered ? [...offered, kept] : offered;
}

/** A catalog list as picker options. */
export const idOptions = <T extends { id: number; name: string }>(
  list: T[] | undefined,
  label = (item: T) => item.name,
) => (list ?? []).map((item) => ({ value: item.id, label: label(item) }));

/** The brands as a picker's options: found by their other names too (typing 卡地 finds Cartier). */
export const brandChoices = (brands: Brand[] | undefined, label = (brand: Brand) => brandLabel(brand)) =>
  (brands ?? []).map((brand) => ({
    value: brand.id,
    label: label(brand),
    keywords: [...Object.values(brand.names).filter((name): name is string => Boolean(name)), ...brand.aliases],
  }));

/**
 * A brand as staff reading `lang` know it: the maker's name, and beside it their language's name
 * for it when it has one (Cartier（卡地亚）, Cartier（カルティエ）). Items and documents keep the
 * maker's name alone (ADR 0033).
 */
export function brandLabel(brand: Pick<Brand, 'name' | 'names'>, lang: Lang = currentLanguage()): string {
  const local = brand.names[lang];
  if (!local || local === brand.name) return brand.name;
  return lang === 'en' ? `${brand.name} (${local})` : `${brand.name}（${local}）`;
}

export function brandTypesOptions(brandId: number | null, withRetired = false) {
  return queryOptions({
    queryKey: [...catalogKeys.brandTypes(brandId ?? 0), ...retiredKey(withRetired)],
    queryFn: ({ signal }) =>
      call(
        routes.brandTypes,
        { params: { id: brandId ?? 0 }, ...retiredToo(withRetired) },
        { signal, hideErrorToast: true },
      ),
    enabled: brandId !== null,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function categoriesOptions(withRetired = false) {
  return queryOptions({
    queryKey: [...catalogKeys.categories(), ...retiredKey(withRetired)],
    queryFn: ({ signal }) => call(routes.categories, retiredToo(withRetired), { signal, hideErrorToast: true }),
    staleTime: LOOKUP_STALE_MS,
  });
}

export function materialsOptions(withRetired = false) {
  return queryOptions({
    queryKey: [...catalogKeys.materials(), ...retiredKey(withRetired)],
    queryFn: ({ signal }) => call(routes.materials, retiredToo(withRetired), { signal, hideErrorToast: true }),
    staleTime: LOOKUP_STALE_MS,
  });
}

export function workflowsOptions() {
  return queryOptions({
    queryKey: catalogKeys.workflows(),
    queryFn: ({ signal }) => call(routes.workflows, {}, { signal, hideErrorToast: true }),
    staleTime: LOOKUP_STALE_MS,
  });
}

export function valuersOptions() {
  return queryOptions({
    queryKey: catalogKeys.valuers(),
    queryFn: ({ signal }) => call(routes.userValuers, {}, { signal, hideErrorToast: true }),
    staleTime: 60_000,
  });
}

/** A brand's catalog products, for picking one by name. */
export function brandProductsOptions(brandId: number | null) {
  return queryOptions({
    queryKey: catalogKeys.brandProducts(brandId ?? 0),
    queryFn: ({ signal }) =>
      call(routes.products, { query: { brand_id: brandId ?? undefined } }, { signal, hideErrorToast: true }),
    enabled: brandId !== null,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * The photo guide's names for a commodity's product photos, in order ('' where a photo has no
 * shot), and the shots its category asks for that were not taken (issue 17). Nothing is fetched
 * for an item registered without the guide.
 */
export function useShotNames(categoryId: number, codes: string[]): { names: string[] | undefined; missing: string[] } {
  const guided = codes.some(Boolean);
  // A retired category's guide too: the item named it before.
  const shots = useQuery({ ...categoriesOptions(true), enabled: guided }).data?.find(
    (category) => category.id === categoryId,
  )?.shots;
  if (!guided || !shots) return { names: undefined, missing: [] };
  return {
    names: codes.map((code) => (code ? (shots.find((shot) => shot.code === code)?.name ?? code) : '')),
    missing: shots.filter((shot) => !codes.includes(shot.code)).map((shot) => shot.name),
  };
}
