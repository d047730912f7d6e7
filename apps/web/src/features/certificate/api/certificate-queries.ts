import type { Lang } from '@jewel/contract/values/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';
import { commodityKeys } from '../../../lib/query-keys.ts';
import { routes } from '../../../lib/routes.ts';

/** An identified item's certificate (PDF) in `lang`; the same verification QR in every language. */
export function downloadCertificate(id: number, lang: Lang) {
  return download(routes.certificateDownload, { params: { id }, query: { lang } });
}

/**
 * A valuer chooses the photos the certificate prints (null: the default); the item's page reads
 * the item afresh.
 */
export function useChooseCertificatePhotos(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photos: string[] | null) => call(routes.certificatePhotos, { params: { id }, body: { photos } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commodityKeys.detail(id) }),
  });
}
