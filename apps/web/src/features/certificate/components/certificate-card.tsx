import type { CommodityDetail } from '@jewel/contract/commodity';
import { DownlandOutline, PictureOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { DocumentLanguageChip, useDocumentLanguage, useDownload } from '../../../components/document-download.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { useIsGuest } from '../../../components/staff-only.tsx';
import { LoadingRows } from '../../../components/state-views.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { thumbOf } from '../../../lib/photos/photo-paths.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { downloadCertificate } from '../api/certificate-queries.ts';
import { certificatePhotos } from '../certificate-photos.ts';
import { isCertifiable } from '../certificate-rules.ts';

// The chooser loads at the first tap.
const CertificatePhotosSheet = lazy(() => import('./certificate-photos-sheet.tsx'));

type CertifiedItem = Pick<
  CommodityDetail,
  'id' | 'no' | 'status' | 'result' | 'product_pics' | 'photo_flags' | 'certificate_pics'
>;

/**
 * The certificate of an identified item, for regular users: a language (the app's by default)
 * and a download. Guests and items without a final result get nothing.
 */
export function CertificateCard({ item }: { item: CertifiedItem }) {
  const { t } = useTranslation('certificate');
  const guest = useIsGuest();
  const [lang, setLang] = useDocumentLanguage();
  const { busy, run } = useDownload();
  if (guest || !isCertifiable(item)) return null;
  return (
    <section className="card certificate-card" aria-labelledby="certificate-title">
      <div className="certificate-card__head">
        <h2 id="certificate-title" className="card__title">
          {t('title')}
        </h2>
        <DocumentLanguageChip
          className="certificate-card__language"
          label={t('language')}
          value={lang}
          onChange={setLang}
        />
      </div>
      <p className="muted certificate-card__hint">{t('hint')}</p>
      <CertificatePhotoRow item={item} />
      <Button
        block
        color="primary"
        fill="outline"
        loading={busy !== null}
        aria-label={t('downloadLabel', { no: item.no, language: t(`common:language.${lang}`) })}
        onClick={() =>
          run(
            'file',
            () => downloadCertificate(item.id, lang),
            (name) => t('done', { name }),
          )
        }
      >
        <DownlandOutline aria-hidden /> {t('download')}
      </Button>
    </section>
  );
}

/**
 * The photos the certificate prints (issue 29 item 2), and for a valuer the way to choose them:
 * whoever downloads it sees which before it is printed.
 */
function CertificatePhotoRow({ item }: { item: CertifiedItem }) {
  const { t } = useTranslation('certificate');
  const valuer = useAuthStore((state) => state.user?.role_code === 'valuers');
  const [choosing, setChoosing] = useState(false);
  const shown = certificatePhotos(item);
  if (item.product_pics.length === 0) return null;
  return (
    <div className="certificate-card__photos">
      <div className="certificate-card__photos-head">
        <span className="certificate-card__photos-title">
          {t(item.certificate_pics ? 'photos.titleChosen' : 'photos.titleDefault')}
        </span>
        {valuer ? (
          <button type="button" className="link-button" onClick={() => setChoosing(true)}>
            <PictureOutline aria-hidden /> {t('photos.choose')}
          </button>
        ) : null}
      </div>
      <ul className="certificate-card__thumbs" aria-label={t('photos.shown')}>
        {shown.map((photo, index) => (
          <li key={photo}>
            <img src={thumbOf(photo)} alt={t('photos.photo', { index: index + 1 })} loading="lazy" />
          </li>
        ))}
      </ul>
      {valuer ? (
        <Sheet open={choosing} onClose={() => setChoosing(false)} title={t('photos.chooseTitle')}>
          {choosing ? (
            <Suspense fallback={<LoadingRows rows={3} />}>
              <CertificatePhotosSheet id={item.id} item={item} onDone={() => setChoosing(false)} />
            </Suspense>
          ) : null}
        </Sheet>
      ) : null}
    </div>
  );
}
