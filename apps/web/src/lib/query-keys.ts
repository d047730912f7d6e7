/**
 * The query keys that more than one feature reads or refreshes, and that the live events
 * invalidate, in one place (features do not import each other). A key one feature alone uses
 * stays in that feature's `api/` folder, built the same way.
 */

/** Every commodity list under `commodities`, each detail under `commodity`. */
export const commodityKeys = {
  lists: () => ['commodities'] as const,
  list: <F extends object>(filters: F) => [...commodityKeys.lists(), 'list', filters] as const,
  details: () => ['commodity'] as const,
  detail: (id: number) => [...commodityKeys.details(), id] as const,
  reconsiderations: () => ['reconsiderations'] as const,
};

/** The caller's counts on the dashboard; they move with every commodity. */
export const statisticsKey = () => ['statistics'] as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: <S extends string>(status: S) => [...notificationKeys.lists(), status] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  detail: (id: number) => [...notificationKeys.all, 'detail', id] as const,
};

/** The catalog lookups shared by every screen that picks from them, and its product searches. */
export const catalogKeys = {
  /** Every catalog answer: what an import may have changed. */
  all: () => ['catalog'] as const,
  brands: () => ['catalog', 'brands'] as const,
  brandTypes: (brandId: number) => ['catalog', 'brands', brandId, 'types'] as const,
  categories: () => ['catalog', 'categories'] as const,
  materials: () => ['catalog', 'materials'] as const,
  workflows: () => ['catalog', 'workflows'] as const,
  valuers: () => ['catalog', 'valuers'] as const,
  products: () => ['catalog', 'products'] as const,
  brandProducts: (brandId: number) => [...catalogKeys.products(), 'brand', brandId] as const,
  /** Pages of a product search (an infinite query: a key of its own). */
  productSearch: <F extends object>(filters: F) => ['catalog', 'product-search', filters] as const,
};

export const dictionaryKey = () => ['dictionary'] as const;

/** The shop's settings (its default currency): the same for every user and language. */
export const shopSettingsKey = () => ['shop-settings'] as const;
/** The dashboard's banners: read by the dashboard, changed by a manager on the shop page. */
export const bannersKey = () => ['dashboard', 'banners'] as const;
