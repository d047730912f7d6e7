import type {
  BrandChange,
  CatalogImportBody,
  NamedEntryChange,
  PhotoGuide,
  ProductInput,
  WorkflowChange,
} from '@jewel/contract/catalog-admin';
import type { CatalogFileKind, NamedListKind } from '@jewel/contract/values/catalog-files';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, download, saveFile } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { catalogKeys } from '../../../lib/query-keys.ts';
import { routes } from '../../../lib/routes.ts';
import { catalogAdminRoutes } from './catalog-admin-routes.ts';

/**
 * Imports the files, all or nothing. A refusal (`catalogImportRefused`, its problems by file and
 * line) is the page's to show, not a toast; the pickers read the catalog afresh after a success.
 */
export function useImportCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: CatalogImportBody['files']) =>
      call(
        catalogAdminRoutes.catalogImport,
        { body: { files } },
        { hideErrorToastWhen: (error) => isApiError(error, 'catalogImportRefused') },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all() }),
  });
}

/** Saves a list of the catalog, or its template, as the CSV file its import reads. */
export async function saveCatalogFile(kind: CatalogFileKind, template: boolean) {
  saveFile(await download(catalogAdminRoutes.catalogFile, { params: { kind }, query: { template: template ? 1 : 0 } }));
}

/** The managers' list shows this many products at most: a search narrows it. */
export const CATALOG_LIST_SIZE = 20;

/** The managers' product list: retired ones too, found by name (any language), code or brand. */
export function catalogProductsOptions(keyword: string) {
  return queryOptions({
    queryKey: [...catalogKeys.products(), 'managers', keyword] as const,
    queryFn: ({ signal }) =>
      call(
        routes.products,
        { query: { keyword: keyword || undefined, with_retired: 1, page_size: CATALOG_LIST_SIZE } },
        { signal, hideErrorToast: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One product as entered, for its form. */
export function productRecordOptions(id: number) {
  return queryOptions({
    queryKey: [...catalogKeys.products(), 'record', id] as const,
    queryFn: ({ signal }) =>
      call(catalogAdminRoutes.catalogProduct, { params: { id } }, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/**
 * Adds a product (`id` null) or changes one. A refusal naming a field (a code the brand has) goes
 * under it; the catalog's lists are read afresh after.
 */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProductInput }) =>
      id === null
        ? call(catalogAdminRoutes.catalogProductCreate, { body })
        : call(catalogAdminRoutes.catalogProductChange, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.products() }),
  });
}

/** Retires a product or brings it back. */
export function useRetireProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retired }: { id: number; retired: boolean }) =>
      call(catalogAdminRoutes.catalogProductRetire, { params: { id }, body: { retired } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.products() }),
  });
}

/** One brand as entered, with its lines, for its form. */
export function brandRecordOptions(id: number) {
  return queryOptions({
    queryKey: [...catalogKeys.brands(), 'record', id] as const,
    queryFn: ({ signal }) =>
      call(catalogAdminRoutes.catalogBrand, { params: { id } }, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/**
 * Adds a brand (`id` null) or changes one (retires it or brings it back too). A refusal naming a field (a name another brand has, a
 * line's) goes under it; every catalog answer is read afresh after (the pickers, the lines).
 */
export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BrandChange }) =>
      id === null
        ? call(catalogAdminRoutes.catalogBrandCreate, { body })
        : call(catalogAdminRoutes.catalogBrandChange, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all() }),
  });
}

/** Every category or material as entered, retired ones too, for the managers' list and forms. */
export function catalogEntriesOptions(kind: NamedListKind) {
  return queryOptions({
    queryKey: [...catalogKeys.all(), 'entries', kind] as const,
    queryFn: ({ signal }) =>
      call(catalogAdminRoutes.catalogEntries, { params: { kind } }, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/**
 * Adds a category or material (`id` null) or changes one (retires it or brings it back too); every
 * catalog answer is read afresh after.
 */
export function useSaveEntry(kind: NamedListKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NamedEntryChange }) =>
      id === null
        ? call(catalogAdminRoutes.catalogEntryCreate, { params: { kind }, body })
        : call(catalogAdminRoutes.catalogEntryChange, { params: { kind, id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all() }),
  });
}

/** A category's photo guide as entered, every shot in every language, for its form. */
export function photoGuideOptions(categoryId: number) {
  return queryOptions({
    queryKey: [...catalogKeys.all(), 'photo-guide', categoryId] as const,
    queryFn: ({ signal }) =>
      call(catalogAdminRoutes.catalogPhotoGuide, { params: { id: categoryId } }, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/** Replaces a category's photo guide; every catalog answer (the register page's shots) is read afresh after. */
export function useSavePhotoGuide(categoryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhotoGuide) =>
      call(catalogAdminRoutes.catalogPhotoGuideChange, { params: { id: categoryId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all() }),
  });
}

/** Every workflow as entered, retired ones too, for the managers' list and forms. */
export function catalogWorkflowsOptions() {
  return queryOptions({
    queryKey: [...catalogKeys.all(), 'workflow-records'] as const,
    queryFn: ({ signal }) => call(catalogAdminRoutes.catalogWorkflows, {}, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/** Adds a workflow (`id` null) or changes one (retires it or brings it back too); distributions read them afresh after. */
export function useSaveWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: WorkflowChange }) =>
      id === null
        ? call(catalogAdminRoutes.catalogWorkflowCreate, { body })
        : call(catalogAdminRoutes.catalogWorkflowChange, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all() }),
  });
}
