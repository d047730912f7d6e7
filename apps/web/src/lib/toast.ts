import { SUCCESS_TOAST_MS, TOAST_MS } from '../config/env.ts';

/**
 * Toasts load antd-mobile's Toast (and its animation library) on first use, so the first
 * page does not carry them.
 */
function show(content: string, success: boolean) {
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
