import { act, cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach } from 'vitest';

// Toasts load their code on first use (lib/toast.ts loads toast-show.ts). Loaded here once, a
// toast raised as a test ends finds its modules ready instead of loading them after the
// environment is gone.
const [{ default: Toast }] = await Promise.all([
  import('antd-mobile/es/components/toast'),
  import('../lib/toast-show.ts'),
  import('../lib/antd-render.ts'),
]);

// What a tap loads on first use (lazyWhenIdle: the wheel dialog, the photo viewer) is a module
// Vitest transforms at that moment: on a busy two-core machine that took longer than Testing
// Library's 1 s default wait (choice-chip.test.tsx failed once in a full run). A wait for a
// state still ends as soon as the state is there.
configure({ asyncUtilTimeout: 5000 });

// Components render as on a phone (happy-dom's window is 1024 px wide, a laptop's: the back
// office's lists would show their tables, components/wide-table.tsx); a test of the wide layout
// sets its own width.
(
  window as unknown as { happyDOM?: { setViewport(size: { width: number; height: number }): void } }
).happyDOM?.setViewport({
  width: 390,
  height: 844,
});

// Each test renders into a fresh document. A toast still shown is closed while the page is
// there: its own timer would close it after a file's environment is gone, and React then fails
// on the missing `window` (an unhandled rejection failed a CI run, from staff.test.tsx).
afterEach(async () => {
  cleanup();
  if (!document.querySelector('.adm-toast-mask')) return;
  act(() => Toast.clear());
  await waitFor(() => {
    if (document.querySelector('.adm-toast-mask')) throw new Error('a toast still shown');
  });
});
