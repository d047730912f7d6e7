// at: apps/web/src/stores/language-store.ts
// A store importing a utility of lib/, which builds on the stores.
import { currentLanguage } from '../lib/i18n.ts';

export const language = currentLanguage;
