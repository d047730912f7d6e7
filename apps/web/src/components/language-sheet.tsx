import { LANGS } from '@jewel/contract/values/i18n';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ActionSheet } from '../lib/antd-mobile.ts';
import { useLanguageStore } from '../stores/language-store.ts';

/**
 * Each language named in itself, the current one marked; choosing one switches the whole app.
 * Offered by the personal center and the sign-in page.
 */
export function LanguageSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useLanguageStore((state) => state.currentLang);
  const setLang = useLanguageStore((state) => state.setLang);
  return (
    <ActionSheet
      visible={visible}
      onClose={onClose}
      closeOnAction
      cancelText={t('cancel')}
      extra={t('chooseLanguage')}
      actions={LANGS.map((lang) => ({
        key: lang,
        text: (
          <span className="user-center-language">
            <span lang={lang}>{t(`language.${lang}`)}</span>
            {lang === current ? (
              <CheckOutline className="user-center-language__check" aria-label={t('currentLanguage')} />
            ) : null}
          </span>
        ),
        bold: lang === current,
        onClick: () => {
          if (lang !== current) setLang(lang);
        },
      }))}
    />
  );
}
