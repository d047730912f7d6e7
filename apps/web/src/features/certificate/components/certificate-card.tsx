import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceChip } from '../../../components/choice-chip.tsx';
import { useIsGuest } from '../../../components/staff-only.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { saveFile } from '../../../lib/api-client.ts';
import { successToast } from '../../../lib/toast.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { downloadCertificate } from '../api/certificate-queries.ts';
import { isCertifiable } from '../certificate-rules.ts';

/**
 * The certificate of an identified item, for regular users: a language (the app's by default)
 * and a download. Guests and items without a final result get nothing.
 */
export function CertificateCard({ item }: { item: { id: number; no: string; status: number; result: unknown } }) {
  const { t } = useTranslation('certificate');
  const guest = useIsGuest();
  const appLang = useLanguageStore((state) => state.currentLang);
  const [lang, setLang] = useState<Lang>(appLang);
  const [busy, setBusy] = useState(false);
  if (guest || !isCertifiable(item)) return null;
  const run = async () => {
    setBusy(true);
    try {
      const file = await downloadCertificate(item.id, lang);
      saveFile(file);
      successToast(t('done', { name: file.fileName }));
    } catch {
      // The client said why in a toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card certificate-card" aria-labelledby="certificate-title">
      <div className="certificate-card__head">
        <h2 id="certificate-title" className="card__title">
          {t('title')}
        </h2>
        <span className="certificate-card__language">
          <span className="muted" aria-hidden>
            {t('language')}
          </span>
          <ChoiceChip
            label={t('language')}
            choices={LANGS.map((value) => ({ value, label: t(`common:language.${value}`) }))}
            allLabel={null}
            value={lang}
            onChange={(value) => setLang((value as Lang | null) ?? appLang)}
          />
        </span>
      </div>
      <p className="muted certificate-card__hint">{t('hint')}</p>
      <Button
        block
        color="primary"
        fill="outline"
        loading={busy}
        aria-label={t('downloadLabel', { no: item.no, language: t(`common:language.${lang}`) })}
        onClick={run}
      >
        <DownlandOutline aria-hidden /> {t('download')}
      </Button>
    </section>
  );
}
