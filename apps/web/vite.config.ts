import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin.ts';
import { routeTable } from './route-table-plugin.ts';

export default defineConfig({
  plugins: [react(), routeTable(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/user/wxLogin': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // antd-mobile's animation and gesture libraries serve toasts, dialogs, popups, swipers and
        // pull-to-refresh: kept in their own chunk, the first page loads them only if it uses one.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'motion', test: /node_modules[\\/]@(react-spring|use-gesture)[\\/]/ }],
        },
      },
    },
  },
});
