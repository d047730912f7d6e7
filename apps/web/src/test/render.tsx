import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';

/** Every namespace of one language, read at once: component tests wait for no loading. */
const english = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' });

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: {
    en: Object.fromEntries(
      Object.entries(english).map(([file, bundle]) => [file.replace(/^.*\/|\.json$/g, ''), bundle]),
    ),
  },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});

/** Renders a component with the app's English texts. */
export function renderWithTexts(ui: ReactElement) {
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
