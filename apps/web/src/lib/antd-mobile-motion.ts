/**
 * antd-mobile's components that animate with react-spring, with the phone's motion preference
 * applied first (`motion-preference.ts`). Kept apart from `antd-mobile.ts` so that a page without
 * them loads neither the animation library nor the preference.
 */
import './motion-preference.ts';

export { default as ImageViewer } from 'antd-mobile/es/components/image-viewer';
export { default as PickerView } from 'antd-mobile/es/components/picker-view';
export { default as Popup } from 'antd-mobile/es/components/popup';
export { default as PullToRefresh } from 'antd-mobile/es/components/pull-to-refresh';
export { default as Tabs } from 'antd-mobile/es/components/tabs';
