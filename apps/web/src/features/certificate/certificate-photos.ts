import type { CommodityDetail } from '@jewel/contract/commodity';
import { CERTIFICATE_PHOTOS_MAX, certificatePhotosOf } from '@jewel/contract/values/commodity';

export type CertificatePhotoSource = Pick<CommodityDetail, 'product_pics' | 'photo_flags' | 'certificate_pics'>;

/** The product photos the certificate prints, by the server's rule (`certificatePhotosOf`). */
export function certificatePhotos(item: CertificatePhotoSource): string[] {
  // An item kept offline from before the flags has none: every photo passed.
  return certificatePhotosOf(item.product_pics, item.photo_flags ?? {}, item.certificate_pics);
}

/** A tap on a photo of the chooser: added at the end, or taken out; no fifth. */
export function toggled(chosen: readonly string[], photo: string): string[] {
  if (chosen.includes(photo)) return chosen.filter((one) => one !== photo);
  return chosen.length < CERTIFICATE_PHOTOS_MAX ? [...chosen, photo] : [...chosen];
}
