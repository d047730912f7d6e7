import { SUCCESS_TOAST_MS, TOAST_MS } from '../config/env.ts';

const ANNOUNCER_ID = 'toast-announcer';

/**
 * Screen readers say each toast too (WCAG 4.1.3): antd-mobile's Toast has no live region, so
 * its text also goes into one polite status region, made once and kept in the page (a region
 * made together with its text is often not read).
 */
function announce(content: string) {
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = ANNOUNCER_ID;
    region.setAttribute('role', 'status');
    region.style.cssText =
      'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap';
    document.body.append(region);
  }
  const live = region;
  live.textContent = '';
  setTimeout(() => {
    live.textContent = content;
  }, 100);
}

/**
 * Toasts load antd-mobile's Toast (and its animation library) on first use, so the first
 * page does not carry them.
 */
function show(content: string, success: boolean) {
  announce(content);
  void Promise.all([import('antd-mobile/es/components/toast'), import('./antd-render.ts')]).then(
    ([{ default: Toast }, { setUpImperativeRender }]) => {
      setUpImperativeRender();
      Toast.show(success ? { icon: 'success', content, duration: SUCCESS_TOAST_MS } : { content, duration: TOAST_MS });
    },
  );
}

/** A message, 2000 ms (SPEC.md §9). */
export function toast(content: string) {
  show(content, false);
}

/** A success, 1500 ms (SPEC.md §9). */
export function successToast(content: string) {
  show(content, true);
}
