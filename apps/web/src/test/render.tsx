import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { addTexts, initI18n, type Texts } from '../lib/i18n.ts';

/** Every namespace of one language, read at once: component tests wait for no loading. */
const english = import.meta.glob<Texts>('../locales/en/*.json', { eager: true, import: 'default' });
for (const [file, bundle] of Object.entries(english)) addTexts('en', file.replace(/^.*\/|\.json$/g, ''), bundle);
await initI18n('en');

/** Renders a component with the app's English texts. */
export function renderWithTexts(ui: ReactElement) {
  return render(ui);
}
