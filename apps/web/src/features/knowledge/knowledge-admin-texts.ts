import { addBundles, type Texts } from '../../lib/i18n.ts';

// The knowledge editor's namespace loaders (lib/i18n.ts keeps them out of every page's first
// load): imported by the managers' knowledge routes, before their components ask for the texts.
addBundles(import.meta.glob<{ default: Texts }>('../../locales/*/knowledge-admin.json'));
