import type { CommodityDetail } from '@jewel/contract/commodity';
import { CERTIFICATE_PHOTOS_MAX } from '@jewel/contract/values/commodity';

export type CertificatePhotoSource = Pick<CommodityDetail, 'product_pics' | 'photo_flags' | 'certificate_pics'>;

/**
 * The product photos the certificate prints, as the server picks them (certificate.service.ts
 * `shownPhotos`): a valuer's choice, in its order; else the item's, never one kept though blurred
 * or dark; four at most.
 */
export function certificatePhotos(item: CertificatePhotoSource): string[] {
  const chosen = item.certificate_pics;
  if (chosen) return chosen.filter((photo) => item.product_pics.includes(photo)).slice(0, CERTIFICATE_PHOTOS_MAX);
  return item.product_pics.filter((photo) => !item.photo_flags?.[photo]).slice(0, CERTIFICATE_PHOTOS_MAX);
}

/** A tap on a photo of the chooser: added at the end, or taken out; no fifth. */
export function toggled(chosen: readonly string[], photo: string): string[] {
  if (chosen.includes(photo)) return chosen.filter((one) => one !== photo);
  return chosen.length < CERTIFICATE_PHOTOS_MAX ? [...chosen, photo] : [...chosen];
}
