import type { TagSheetBody } from '@jewel/contract/tag';
import { call, download } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

/** The labels of the chosen items, in that order, as a PDF in the body's language and layout. */
export function downloadTagSheet(body: TagSheetBody) {
  return download(routes.tagSheet, { body });
}

/** The item a scanned verification id is, when the caller may see it (else a 404 ApiError). */
export function resolveScan(id: string) {
  return call(routes.scanResolve, { params: { id } }, { hideErrorToast: true });
}
