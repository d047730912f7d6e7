/**
 * antd-mobile's components, each from its own module. The package's index is marked as having
 * side effects and re-exports its motion helpers, which would put the animation library
 * (react-spring) into every page; importing from here keeps it with the components that animate.
 * Add a component here when a screen needs it; one that animates goes in `antd-mobile-motion.ts`. Dialog comes from `dialog.ts` (its imperative calls
 * need React 19's renderer first); Input from `input.ts` and TextArea from `text-area.ts` (their
 * `aria-*` on the native control), imported from there, not re-exported here: a re-export of a
 * module of the app (which the bundler must assume has side effects) put both into every page's
 * first load.
 */
import 'antd-mobile/es/global';

export { default as Badge } from 'antd-mobile/es/components/badge';
export { default as Button } from 'antd-mobile/es/components/button';
export { default as ConfigProvider } from 'antd-mobile/es/components/config-provider';
export { default as DotLoading } from 'antd-mobile/es/components/dot-loading';
export { default as ErrorBlock } from 'antd-mobile/es/components/error-block';
export { default as InfiniteScroll } from 'antd-mobile/es/components/infinite-scroll';
export { default as List } from 'antd-mobile/es/components/list';
export { default as SafeArea } from 'antd-mobile/es/components/safe-area';
export { default as SearchBar } from 'antd-mobile/es/components/search-bar';
export { default as Skeleton } from 'antd-mobile/es/components/skeleton';
export { default as Tag } from 'antd-mobile/es/components/tag';
