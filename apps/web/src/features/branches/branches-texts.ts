import { addBundles, type Texts } from '../../lib/i18n.ts';

// The branches namespace's loaders (lib/i18n.ts keeps them out of every page's first load):
// imported by the branches route's module, before its components ask for the texts.
addBundles(import.meta.glob<{ default: Texts }>('../../locales/*/branches.json'));
