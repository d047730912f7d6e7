import AntdTextArea, { type TextAreaProps, type TextAreaRef } from 'antd-mobile/es/components/text-area';
import { createElement, forwardRef, useImperativeHandle, useRef } from 'react';
import { splitAria, useNativeAria } from './native-aria.ts';

/** antd-mobile's TextArea with its `aria-*` on the <textarea> (`native-aria.ts`). */
export const TextArea = forwardRef<TextAreaRef, TextAreaProps>(function TextArea(props, ref) {
  const inner = useRef<TextAreaRef>(null);
  useImperativeHandle(ref, () => inner.current as TextAreaRef);
  const [aria, rest] = splitAria(props);
  useNativeAria(() => inner.current?.nativeElement, aria);
  return createElement(AntdTextArea, { ...rest, ref: inner });
});
