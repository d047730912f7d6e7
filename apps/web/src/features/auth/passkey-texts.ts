import { addBundles, type Texts } from '../../lib/i18n.ts';

// The passkey namespace's loaders (lib/i18n.ts keeps them out of every page's first load):
// imported by the sign-in page's passkey button, which loads after the page's first paint.
addBundles(import.meta.glob<{ default: Texts }>('../../locales/*/passkey.json'));
