import type { Lang } from '@jewel/contract/values/i18n';
import { download } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

/** An identified item's certificate (PDF) in `lang`; the same verification QR in every language. */
export function downloadCertificate(id: number, lang: Lang) {
  return download(routes.certificateDownload, { params: { id }, query: { lang } });
}
