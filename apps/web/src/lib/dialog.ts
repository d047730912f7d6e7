import AntdDialog, { type DialogProps } from 'antd-mobile/es/components/dialog';
import { createElement } from 'react';
import { setUpImperativeRender } from './antd-render.ts';

function dialogComponent(props: DialogProps) {
  return createElement(AntdDialog, props);
}

/** antd-mobile's Dialog, whose imperative calls first set up React 19's renderer (antd-render.ts). */
export const Dialog: typeof AntdDialog = /* @__PURE__ */ Object.assign(dialogComponent, {
  show: ((props) => {
    setUpImperativeRender();
    return AntdDialog.show(props);
  }) as typeof AntdDialog.show,
  alert: ((props) => {
    setUpImperativeRender();
    return AntdDialog.alert(props);
  }) as typeof AntdDialog.alert,
  confirm: ((props) => {
    setUpImperativeRender();
    return AntdDialog.confirm(props);
  }) as typeof AntdDialog.confirm,
  clear: () => AntdDialog.clear(),
});
