import { useEffect } from 'react';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/**
 * Keeps the keyboard in the dialog that opens now (the last role=dialog in the page) (WCAG 2.4.3): its first control takes the
 * focus once it is shown, Tab and Shift+Tab go round its controls, and the control that opened
 * it has the focus again when the returned function is called (at its close).
 */
export function holdFocus(): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dialog = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1);
  const controls = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const onKey = (event: KeyboardEvent) => {
    const root = dialog();
    if (event.key !== 'Tab' || !root) return;
    const items = controls(root);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    const inside = root.contains(document.activeElement);
    if (event.shiftKey && (!inside || document.activeElement === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey, true);
  // The dialog renders a moment after the call (antd-render.ts): wait for it, briefly.
  let tries = 0;
  const focusIn = () => {
    const root = dialog();
    const first = root ? controls(root)[0] : undefined;
    tries += 1;
    if (first) first.focus();
    else if (tries < 20) setTimeout(focusIn, 25);
  };
  setTimeout(focusIn, 0);
  return () => {
    document.removeEventListener('keydown', onKey, true);
    if (opener?.isConnected) opener.focus();
  };
}

/** Holds the focus in the dialog while `active` (a popup's `visible`), and gives it back after. */
export function useHeldFocus(active: boolean) {
  useEffect(() => (active ? holdFocus() : undefined), [active]);
}
