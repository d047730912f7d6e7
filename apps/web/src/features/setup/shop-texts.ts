import { addBundles, type Texts } from '../../lib/i18n.ts';

// The shop details page's namespace's loaders (lib/i18n.ts keeps them out of every page's first
// load): imported by the shop route's module, before its components ask for the texts. Its fields
// read the setup namespace's (setup-texts.ts).
addBundles(import.meta.glob<{ default: Texts }>('../../locales/*/shop.json'));
