/**
 * A phone set to reduce motion (iOS "Reduce Motion", Android "Remove animations") sees sheets,
 * dialogs, toasts, wheels and tabs in place at once: react-spring, which animates antd-mobile's,
 * skips to the end (WCAG 2.2 success criterion 2.3.3, ADR 0102). Imported for this effect by
 * every module that brings an animated component (`antd-mobile-motion.ts`, `dialog.ts`,
 * `toast-show.ts`), so it runs before the first animation and costs no page that has none. A
 * change of the setting counts from the next start.
 */
import { Globals } from '@react-spring/web';

if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) Globals.assign({ skipAnimation: true });
