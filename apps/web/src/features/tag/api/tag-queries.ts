import type { Lang } from '@jewel/contract/values/i18n';
import { call, download } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

/** The labels of the chosen items, in that order, as a PDF in `lang`. */
export function downloadTagSheet(ids: number[], lang: Lang) {
  return download(routes.tagSheet, { body: { ids, lang } });
}

/** The item a scanned verification id is, when the caller may see it (else a 404 ApiError). */
export function resolveScan(id: string) {
  return call(routes.scanResolve, { params: { id } }, { hideErrorToast: true });
}
