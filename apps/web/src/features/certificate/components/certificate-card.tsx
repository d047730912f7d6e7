import { DownlandOutline } from 'antd-mobile-icons';
import { DocumentLanguageChip, useDocumentLanguage, useDownload } from '../../../components/document-download.tsx';
import { useIsGuest } from '../../../components/staff-only.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { downloadCertificate } from '../api/certificate-queries.ts';
import { isCertifiable } from '../certificate-rules.ts';

/**
 * The certificate of an identified item, for regular users: a language (the app's by default)
 * and a download. Guests and items without a final result get nothing.
 */
export function CertificateCard({ item }: { item: { id: number; no: string; status: number; result: unknown } }) {
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
