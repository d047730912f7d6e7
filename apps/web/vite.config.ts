import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deferredStyles } from './deferred-styles-plugin.ts';
import { earlyScript } from './early-script-plugin.ts';
import { iconPrecision } from './icon-precision-plugin.ts';
import { jsqrWithoutKanji } from './jsqr-kanji-plugin.ts';
import { offline } from './offline-plugin.ts';
import { precompress } from './precompress-plugin.ts';
import { preloadInTasks } from './preload-in-tasks-plugin.ts';
import { routeTable } from './route-table-plugin.ts';
import { routerBuild } from './router-build-plugin.ts';
import { serviceWorker } from './service-worker-plugin.ts';

const firstLoadLibrary =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zustand|use-sync-external-store)[\\/]/;
const laterLibraryModule =
  /[\\/](queriesObserver|useQueries|useMutationState|useMutation|mutationObserver|infiniteQueryObserver|useInfiniteQuery|hydration)\.js$/;

// What every page runs besides the libraries: the app's shared start-up modules and antd-mobile's
// small helpers that every component uses (left alone, a dozen files of under 1 KiB each: on a
// phone's connection each file costs a round trip).
const firstLoadBase =
  /[\\/]src[\\/](config[\\/]env|lib[\\/](antd-mobile|api-client|api-error|i18n|use-translation|query-keys|toast|routes)|stores[\\/](network-store|language-store|browser-language)|locales[\\/]zh-Hans[\\/](common|errors))\.|node_modules[\\/](tslib|react-is|classnames)[\\/]|node_modules[\\/]ahooks[\\/]es[\\/](utils|useUpdate|useMemoizedFn)[\\/]index\.js$|vite[\\/]preload-helper|virtual:route-table|packages[\\/]contract[\\/]src[\\/]values[\\/](i18n|api-path|web-paths)\.ts$|antd-mobile[\\/]es[\\/]locales[\\/](base|zh-CN)\.js$|antd-mobile[\\/]es[\\/](global|utils[\\/](with-default-props|use-props-value|attach-properties-to-component|can-use-dom|bound|dev-log|traverse-react-node|native-props)\.js$|components[\\/](config-provider|safe-area)[\\/])/;

const homeIcon =
  /antd-mobile-icons[\\/]es[\\/](AppOutline|FileOutline|UnorderedListOutline|UserOutline|LinkOutline|LoopOutline|BellOutline|RightOutline|QuestionCircleOutline)\.js$/;

export default defineConfig({
  plugins: [
    react(),
    routeTable(),
    routerBuild(),
    iconPrecision(),
    jsqrWithoutKanji(),
    preloadInTasks(),
    deferredStyles(),
    earlyScript(),
    offline(),
    serviceWorker(),
    precompress(),
  ],
  // A locale file is one object, not a module with an export per top-level key (smaller and faster to parse).
  json: { namedExports: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/user/wxLogin': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: what each module's chunk imports, read by the size check (first-load.mjs).
    manifest: true,
    // Every browser the app supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // antd-mobile's animation and gesture libraries serve toasts, dialogs, popups, swipers and
        // pull-to-refresh: kept in their own chunk, the first page loads them only if it uses one.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'motion', test: /node_modules[\\/]@(react-spring|use-gesture)[\\/]/ },
            // The libraries every page runs, in one chunk (left to automatic splitting, they were
            // cut into many small shared chunks and mixed with antd-mobile's helpers); the few
            // modules of them that only later pages use stay out of it.
            { name: 'vendor', test: (id) => firstLoadLibrary.test(id) && !laterLibraryModule.test(id) },
            { name: 'base', test: firstLoadBase },
            // The form system (the sign-in page's first load among its users) in one file, not three.
            {
              name: 'form',
              test: /[\\/]src[\\/]components[\\/]form[\\/](field\.tsx|use-form\.ts)$|[\\/]values[\\/]patterns\.ts$/,
            },
            // The tab bar's and the dashboard's icons travel together (one file compresses better than eight).
            { name: 'home-icons', test: homeIcon },
          ],
        },
      },
    },
  },
});
