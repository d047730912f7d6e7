import AntdDialog, { type DialogProps } from 'antd-mobile/es/components/dialog';
import { createElement } from 'react';
import { setUpImperativeRender } from './antd-render.ts';
import { holdFocus } from './hold-focus.ts';

/**
 * A dialog is named by its title, or its text when it has none (axe `aria-dialog-name`):
 * antd-mobile gives its role=dialog only the `aria-label` it is handed.
 */
function named<P extends DialogProps>(props: P): P {
  const name = [props.title, props.content].find((text) => typeof text === 'string');
  return props['aria-label'] || name === undefined ? props : { ...props, 'aria-label': name };
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
