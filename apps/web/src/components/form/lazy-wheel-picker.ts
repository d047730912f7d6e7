import { lazyWhenIdle } from '../lazy-when-idle.ts';

/** The wheel of the filter chips and the form's picker fields, loaded apart from their pages. */
export const { Component: LazyWheelPicker, useLoadWhenIdle: useWheelPickerWhenIdle } = lazyWhenIdle(() =>
  import('./wheel-picker.tsx').then((module) => module.WheelPicker),
);
