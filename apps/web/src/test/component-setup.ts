import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Toasts load antd-mobile's Toast on first use (lib/toast.ts). Loaded here once, a toast raised
// as a test ends finds its modules ready instead of loading them after the environment is gone.
await Promise.all([import('antd-mobile/es/components/toast'), import('../lib/antd-render.ts')]);

// What a tap loads on first use (lazyWhenIdle: the wheel dialog, the photo viewer) is a module
// Vitest transforms at that moment: on a busy two-core machine that took longer than Testing
// Library's 1 s default wait (choice-chip.test.tsx failed once in a full run). A wait for a
// state still ends as soon as the state is there.
configure({ asyncUtilTimeout: 5000 });

// Each test renders into a fresh document.
afterEach(() => cleanup());
