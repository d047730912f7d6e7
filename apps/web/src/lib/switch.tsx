import AntdSwitch, { type SwitchProps } from 'antd-mobile/es/components/switch';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';

/**
 * antd-mobile's Switch, usable by keyboard: it draws a `role="switch"` div that takes no focus.
 * Here it is a tab stop (unless disabled), and Space or Enter flips it.
 */
export function Switch(props: SwitchProps) {
  const box = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const control = box.current?.querySelector<HTMLElement>('[role="switch"]');
    if (control) control.tabIndex = control.getAttribute('aria-disabled') === 'true' ? -1 : 0;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const control = event.target as HTMLElement;
    if (control.getAttribute('role') !== 'switch' || (event.key !== ' ' && event.key !== 'Enter')) return;
    event.preventDefault();
    control.click();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys belong to the switch inside
    <span ref={box} className="switch-keys" onKeyDown={onKeyDown}>
      <AntdSwitch {...props} />
    </span>
  );
}
