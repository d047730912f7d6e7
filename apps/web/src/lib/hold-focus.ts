import { useEffect, useRef } from 'react';

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/** The holds in force, the newest last: only the newest answers the keyboard (a picker over a sheet). */
const holds: object[] = [];

/** The dialog released last and the control that had opened it: a dialog opened from it returns there. */
let released: { root: HTMLElement | undefined; opener: HTMLElement | null } | null = null;

/**
 * Keeps the keyboard in the dialog that opens now (the last shown role=dialog in the page) (WCAG
 * 2.4.3): its control marked `data-autofocus`, or else its first control, takes the focus once it
 * is shown; Tab and Shift+Tab go round its controls; Escape calls `onEscape` (its close); and the
 * control that opened it has the focus again when the returned function is called (at its close).
 */
export function holdFocus(options: { onEscape?: () => void } = {}): () => void {
  const hold = {};
  holds.push(hold);
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // Opened by a choice of a dialog that just closed (a wheel's "Choose dates…"): back to its opener.
  const opener = active && released?.root?.contains(active) ? released.opener : active;
  let held: HTMLElement | undefined;
  // A closed popup may stay in the page, hidden (jsdom knows no checkVisibility: all count there).
  const dialog = () =>
    [...document.querySelectorAll<HTMLElement>('[role="dialog"]')]
      .filter((element) => element.checkVisibility?.() ?? true)
      .at(-1);
  const controls = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const onKey = (event: KeyboardEvent) => {
    const root = dialog();
    if (holds.at(-1) !== hold || !root) return;
    if (event.key === 'Escape' && options.onEscape) {
      event.preventDefault();
      options.onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
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
    const first = root ? (root.querySelector<HTMLElement>('[data-autofocus]') ?? controls(root)[0]) : undefined;
    tries += 1;
    held = root;
    if (first) first.focus();
    else if (tries < 20) setTimeout(focusIn, 25);
  };
  setTimeout(focusIn, 0);
  return () => {
    const at = holds.indexOf(hold);
    if (at >= 0) holds.splice(at, 1);
    document.removeEventListener('keydown', onKey, true);
    released = { root: held, opener };
    // After the key that closed it: an Enter's keypress would otherwise press the opener again.
    setTimeout(() => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    }, 0);
  };
}

/**
 * Holds the focus in the dialog while `active` (a popup's `visible`), and gives it back after;
 * Escape calls `onEscape` (the popup's close).
 */
export function useHeldFocus(active: boolean, onEscape?: () => void) {
  const latestEscape = useRef(onEscape);
  useEffect(() => {
    latestEscape.current = onEscape;
  });
  useEffect(() => (active ? holdFocus({ onEscape: () => latestEscape.current?.() }) : undefined), [active]);
}
