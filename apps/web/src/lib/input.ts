import AntdInput, { type InputProps, type InputRef } from 'antd-mobile/es/components/input';
import { createElement, forwardRef, useImperativeHandle, useRef } from 'react';
import { splitAria, useNativeAria } from './native-aria.ts';

/** antd-mobile's Input with its `aria-*` on the <input> (`native-aria.ts`). */
export const Input = forwardRef<InputRef, InputProps>(function Input(props, ref) {
  const inner = useRef<InputRef>(null);
  useImperativeHandle(ref, () => inner.current as InputRef);
  const [aria, rest] = splitAria(props);
  useNativeAria(() => inner.current?.nativeElement, aria);
  return createElement(AntdInput, { ...rest, ref: inner });
});
