import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Toasts load antd-mobile's Toast on first use (lib/toast.ts). Loaded here once, a toast raised
// as a test ends finds its modules ready instead of loading them after the environment is gone.
await Promise.all([import('antd-mobile/es/components/toast'), import('../lib/antd-render.ts')]);

// Each test renders into a fresh document.
afterEach(() => cleanup());
