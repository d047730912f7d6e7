import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { useLanguageStore } from '../stores/language-store.ts';
import './language-switch.css';

// The sheet loads on the first tap: the sign-in page's first load stays as it was.
const LanguageSheet = lazy(() => import('./language-sheet.tsx').then((module) => ({ default: module.LanguageSheet })));

/**
 * The current language, named in itself, as a button that opens the language sheet: for pages
 * without the personal center. Text and a drawn caret, no icon: the sign-in page's first load
 * has no room for another chunk.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLanguageStore((state) => state.currentLang);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const name = t(`language.${lang}`);
  return (
    <>
      <button
        type="button"
        className="language-switch"
        aria-haspopup="dialog"
        aria-label={t('languageSwitch', { language: name })}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <span lang={lang}>{name}</span>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <LanguageSheet visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
