import { LANGS } from '@jewel/contract/values/i18n';
import { useTranslation } from '../lib/use-translation.ts';
import { useLanguageStore } from '../stores/language-store.ts';
import { ChoiceSheet } from './choice-sheet.tsx';

/**
 * Each language named in itself, the current one marked; choosing one switches the whole app.
 * Offered by the personal center and the sign-in page.
 */
export function LanguageSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useLanguageStore((state) => state.currentLang);
  const setLang = useLanguageStore((state) => state.setLang);
  return (
    <ChoiceSheet
      open={visible}
      onClose={onClose}
      title={t('chooseLanguage')}
      currentLabel={t('currentLanguage')}
      choices={LANGS.map((lang) => ({
        key: lang,
        label: <span lang={lang}>{t(`language.${lang}`)}</span>,
        current: lang === current,
        onChoose: () => {
          if (lang !== current) setLang(lang);
        },
      }))}
    />
  );
}
