import type { BannerInput, ShopDetails, ShopImages, ShopRules } from '@jewel/contract/shop';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { bannersKey, shopSettingsKey } from '../../../lib/query-keys.ts';
import { shopRoutes } from './shop-routes.ts';

export const shopKeys = {
  all: ['shop'] as const,
  details: () => [...shopKeys.all, 'details'] as const,
  /** The save, so that the footer's button can show it running. */
  change: () => [...shopKeys.all, 'change'] as const,
};

/**
 * The shop's details and their latest changes (GET /api/shop, managers only), asked afresh each
 * time the page opens. A failure is the page's error state (or its "for managers" notice), not a
 * toast.
 */
export function shopDetailsOptions() {
  return queryOptions({
    queryKey: shopKeys.details(),
    queryFn: ({ signal }) => call(shopRoutes.shopDetails, {}, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/**
 * Replaces the details (PUT /api/shop): the answer, the details as kept with the changes just
 * logged, becomes the page's. The default currency of the forms follows (GET /api/settings).
 * Refusals are toasted by the API client.
 */
export function useChangeShopDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.change(),
    mutationFn: (body: ShopDetails) => call(shopRoutes.shopDetailsChange, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(shopKeys.details(), answer);
      void queryClient.invalidateQueries({ queryKey: shopSettingsKey() });
    },
  });
}

/** Sets the public address (PUT /api/shop/public-url; null: each request's own). */
export function useChangeShopPublicUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.change(),
    mutationFn: (publicUrl: string | null) => call(shopRoutes.shopPublicUrlChange, { body: { public_url: publicUrl } }),
    onSuccess: (answer) => queryClient.setQueryData(shopKeys.details(), answer),
  });
}

/** Sets the logo and the seal (PUT /api/shop/images; null: none), printed on certificates from now on. */
export function useChangeShopImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.change(),
    mutationFn: (body: ShopImages) => call(shopRoutes.shopImagesChange, { body }),
    onSuccess: (answer) => queryClient.setQueryData(shopKeys.details(), answer),
  });
}

/**
 * Sets the shop's rules (PUT /api/shop/rules): the page takes the answer, and every form that
 * reads the rules (the buyback's identity check) asks for them again (GET /api/settings).
 */
export function useChangeShopRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.change(),
    mutationFn: (body: ShopRules) => call(shopRoutes.shopRulesChange, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(shopKeys.details(), answer);
      void queryClient.invalidateQueries({ queryKey: shopSettingsKey() });
    },
  });
}

/** The dashboard's banners as entered, hidden ones too (managers). */
export function shopBannersOptions() {
  return queryOptions({
    queryKey: [...shopKeys.all, 'banners'] as const,
    queryFn: ({ signal }) => call(shopRoutes.shopBanners, {}, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/** Adds a banner (`id` null) or changes one; this phone's dashboard reads the banners afresh. */
export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BannerInput }) =>
      id === null
        ? call(shopRoutes.shopBannerCreate, { body })
        : call(shopRoutes.shopBannerChange, { params: { id }, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...shopKeys.all, 'banners'] });
      void queryClient.invalidateQueries({ queryKey: bannersKey() });
    },
  });
}
