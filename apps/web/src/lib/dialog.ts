import AntdDialog, { type DialogProps } from 'antd-mobile/es/components/dialog';
import { createElement } from 'react';
import { setUpImperativeRender } from './antd-render.ts';

/**
 * A dialog is named by its title, or its text when it has none (axe `aria-dialog-name`):
 * antd-mobile gives its role=dialog only the `aria-label` it is handed.
 */
function named<P extends DialogProps>(props: P): P {
  const name = [props.title, props.content].find((text) => typeof text === 'string');
  return props['aria-label'] || name === undefined ? props : { ...props, 'aria-label': name };
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/**
 * Keeps the keyboard in the dialog that opens now (WCAG 2.4.3): its first control takes the
 * focus once it is shown, Tab and Shift+Tab go round its controls, and the control that opened
 * it has the focus again when the returned function is called (at its close).
 */
function holdFocus(): () => void {
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

function dialogComponent(props: DialogProps) {
  return createElement(AntdDialog, named(props));
}

/**
 * antd-mobile's Dialog, whose imperative calls first set up React 19's renderer (antd-render.ts)
 * and hold the keyboard's focus while they are open.
 */
export const Dialog: typeof AntdDialog = /* @__PURE__ */ Object.assign(dialogComponent, {
  show: ((props) => {
    setUpImperativeRender();
    const release = holdFocus();
    return AntdDialog.show({
      ...named(props),
      afterClose: () => {
        release();
        props.afterClose?.();
      },
    });
  }) as typeof AntdDialog.show,
  alert: ((props) => {
    setUpImperativeRender();
    const release = holdFocus();
    return AntdDialog.alert(named(props)).finally(release);
  }) as typeof AntdDialog.alert,
  confirm: ((props) => {
    setUpImperativeRender();
    const release = holdFocus();
    return AntdDialog.confirm(named(props)).finally(release);
  }) as typeof AntdDialog.confirm,
  clear: () => AntdDialog.clear(),
});
