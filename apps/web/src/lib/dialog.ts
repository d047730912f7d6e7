import AntdDialog, { type DialogProps } from 'antd-mobile/es/components/dialog';
import { closeFnSet } from 'antd-mobile/es/components/dialog/show';
import { createElement } from 'react';
import { setUpImperativeRender } from './antd-render.ts';
import './motion-preference.ts';
import { holdFocus } from './hold-focus.ts';
import { phrased } from './phrases/phrases.tsx';

/**
 * A dialog is named by its title, or its text when it has none (axe `aria-dialog-name`):
 * antd-mobile gives its role=dialog only the `aria-label` it is handed. Its title and text are
 * broken between phrases, item numbers and file names kept whole (phrases.tsx).
 */
function named<P extends DialogProps>(props: P): P {
  const name = [props.title, props.content].find((text) => typeof text === 'string');
  const words = (text: DialogProps['content']) => (typeof text === 'string' ? phrased(text) : text);
  return {
    ...props,
    title: words(props.title),
    content: words(props.content),
    ...(props['aria-label'] || name === undefined ? {} : { 'aria-label': name }),
  };
}

function dialogComponent(props: DialogProps) {
  return createElement(AntdDialog, named(props));
}

/**
 * Opens an alert or a confirm that Escape closes as a tap on the mask does: a confirm answers
 * false (cancel), an alert is done. antd-mobile hands out no handle for them; the newest close
 * in its set of shown dialogs, taken just after the call, is theirs.
 */
function heldOpen<T>(open: () => Promise<T>): Promise<T> {
  setUpImperativeRender();
  let close: (() => void) | undefined;
  const release = holdFocus({ onEscape: () => close?.() });
  const answer = open();
  close = [...closeFnSet].at(-1);
  return answer.finally(release);
}

/**
 * antd-mobile's Dialog, whose imperative calls first set up React 19's renderer (antd-render.ts),
 * hold the keyboard's focus while they are open and close on Escape.
 */
export const Dialog: typeof AntdDialog = /* @__PURE__ */ Object.assign(dialogComponent, {
  show: ((props) => {
    setUpImperativeRender();
    let close: (() => void) | undefined;
    const release = holdFocus({ onEscape: () => close?.() });
    const handler = AntdDialog.show({
      ...named(props),
      afterClose: () => {
        release();
        props.afterClose?.();
      },
    });
    close = handler.close;
    return handler;
  }) as typeof AntdDialog.show,
  alert: ((props) => heldOpen(() => AntdDialog.alert(named(props)))) as typeof AntdDialog.alert,
  confirm: ((props) => heldOpen(() => AntdDialog.confirm(named(props)))) as typeof AntdDialog.confirm,
  clear: () => AntdDialog.clear(),
});
