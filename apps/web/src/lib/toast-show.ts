import Toast from 'antd-mobile/es/components/toast';
import { SUCCESS_TOAST_MS, TOAST_MS } from '../config/env.ts';
import { setUpImperativeRender } from './antd-render.ts';
import './motion-preference.ts';
import { phrased } from './phrases/phrases.tsx';

const ANNOUNCER_ID = 'toast-announcer';

/**
 * Screen readers say each toast too (WCAG 4.1.3): antd-mobile's Toast has no live region, so
 * its text also goes into one polite status region, made once and kept in the page (a region
 * made together with its text is often not read).
 */
function announce(content: string) {
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = ANNOUNCER_ID;
    region.setAttribute('role', 'status');
    region.style.cssText =
      'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap';
    document.body.append(region);
  }
  const live = region;
  live.textContent = '';
  setTimeout(() => {
    live.textContent = content;
  }, 100);
}

/** Says `content` as a toast and to screen readers. */
export function showToast(content: string, success: boolean) {
  announce(content);
  setUpImperativeRender();
  const text = phrased(content);
  Toast.show(
    success ? { icon: 'success', content: text, duration: SUCCESS_TOAST_MS } : { content: text, duration: TOAST_MS },
  );
}
