import { LANGS } from '@jewel/contract/values/i18n';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Button } from '../lib/antd-mobile.ts';
import { useLanguageStore } from '../stores/language-store.ts';
import { Sheet } from './sheet.tsx';

/**
 * Each language named in itself, the current one marked; choosing one switches the whole app.
 * Offered by the personal center and the sign-in page.
 */
export function LanguageSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useLanguageStore((state) => state.currentLang);
  const setLang = useLanguageStore((state) => state.setLang);
  return (
    <Sheet open={visible} onClose={onClose} title={t('chooseLanguage')}>
      <ul className="language-sheet">
        {LANGS.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              className="language-sheet__choice"
              aria-current={lang === current ? 'true' : undefined}
              onClick={() => {
                if (lang !== current) setLang(lang);
                onClose();
              }}
            >
              <span lang={lang}>{t(`language.${lang}`)}</span>
              {lang === current ? (
                <CheckOutline className="language-sheet__check" aria-label={t('currentLanguage')} />
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      <Button block onClick={onClose}>
        {t('cancel')}
      </Button>
    </Sheet>
  );
}
