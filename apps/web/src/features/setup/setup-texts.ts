import { addBundles, type Texts } from '../../lib/i18n.ts';

// The setup namespace's loaders (lib/i18n.ts keeps them out of every page's first load): imported
// by what shows its texts, the setup route's table and the demo banner, before they ask for them.
addBundles(import.meta.glob<{ default: Texts }>('../../locales/*/setup.json'));
