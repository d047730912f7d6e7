import { type AriaAttributes, useLayoutEffect, useRef } from 'react';

/**
 * antd-mobile's Input and TextArea put `aria-*` props on their wrapper <div>, where a screen
 * reader never looks (and axe reports `aria-label` on a <div> as prohibited): `input.ts` and
 * `text-area.ts` put them on the <input> / <textarea> itself, so that `aria-invalid` and
 * `aria-describedby` (the field's error, `components/form/field.tsx`) are announced with the
 * control. Two modules, so that a page with inputs only (sign-in) does not load the text area.
 */
type Aria = Record<string, AriaAttributes[keyof AriaAttributes]>;

/** The props' `aria-*` attributes apart from the others. */
export function splitAria<P extends object>(props: P): [Aria, P] {
  const aria: Aria = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith('aria-')) aria[key] = value;
    else rest[key] = value;
  }
  return [aria, rest as P];
}

/** Writes `aria` onto the native control after each render, taking away what is no longer given. */
export function useNativeAria(element: () => HTMLElement | null | undefined, aria: Aria) {
  const written = useRef<string[]>([]);
  useLayoutEffect(() => {
    const node = element();
    if (!node) return;
    for (const name of written.current) if (!(name in aria) || aria[name] === undefined) node.removeAttribute(name);
    for (const [name, value] of Object.entries(aria)) if (value !== undefined) node.setAttribute(name, String(value));
    written.current = Object.keys(aria);
  });
}
