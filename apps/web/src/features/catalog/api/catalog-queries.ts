import type { CatalogImportBody } from '@jewel/contract/catalog-files';
import type { CatalogFileKind } from '@jewel/contract/values/catalog-files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, download, saveFile } from '../../../lib/api-client.ts';
import { catalogFileRoutes } from './catalog-file-routes.ts';

/**
 * Imports the files, all or nothing. A refusal (`catalogImportRefused`, its problems by file and
 * line) is the page's to show, not a toast; the pickers read the catalog afresh after a success.
 */
export function useImportCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: CatalogImportBody['files']) =>
      call(catalogFileRoutes.catalogImport, { body: { files } }, { hideErrorToast: true }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Saves a list of the catalog, or its template, as the CSV file its import reads. */
export async function saveCatalogFile(kind: CatalogFileKind, template: boolean) {
  saveFile(await download(catalogFileRoutes.catalogFile, { params: { kind }, query: { template: template ? 1 : 0 } }));
}
