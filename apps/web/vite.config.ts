import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/user/wxLogin': 'http://127.0.0.1:3000' } },
  build: { target: 'es2020', sourcemap: false },
});
