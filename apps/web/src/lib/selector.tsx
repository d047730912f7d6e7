import AntdSelector, { type SelectorProps } from 'antd-mobile/es/components/selector';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function optionsIn(box: HTMLElement | null): HTMLElement[] {
  return [...(box?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
}

/**
 * antd-mobile's Selector, usable by keyboard: its options are `role="option"` divs that take no
 * focus. One option is in the tab order (the chosen one, else the first); the arrow keys move
 * between them, Space and Enter choose, as in a listbox.
 */
export function Selector<V extends string | number>(props: SelectorProps<V>) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const options = optionsIn(box.current);
    const focused = options.find((option) => option === document.activeElement);
    const current = focused ?? options.find((option) => option.getAttribute('aria-selected') === 'true') ?? options[0];
    for (const option of options) {
      option.tabIndex = option === current ? 0 : -1;
      if (option.classList.contains('adm-selector-item-disabled')) option.setAttribute('aria-disabled', 'true');
      else option.removeAttribute('aria-disabled');
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const options = optionsIn(box.current);
    const index = options.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      options[index]?.click();
      return;
    }
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = options[(index + step + options.length) % options.length];
    if (!next) return;
    for (const option of options) option.tabIndex = option === next ? 0 : -1;
    next.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys belong to the listbox's options inside
    <div ref={box} className="selector-keys" onKeyDown={onKeyDown}>
      <AntdSelector {...props} />
    </div>
  );
}
