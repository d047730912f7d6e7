import { addBundles, type Texts } from './i18n.ts';

// The sign-in-provider namespace's loaders (lib/i18n.ts keeps them out of every page's first
// load): imported by the sign-in page's provider buttons, the providers' return page and the
// personal center's page, before their components ask for the texts.
addBundles(import.meta.glob<{ default: Texts }>('../locales/*/sign-in-provider.json'));
