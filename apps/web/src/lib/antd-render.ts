import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

let ready = false;

/**
 * antd-mobile's imperative Toast and Dialog render through this under React 19 (without it
 * they render nothing). Set on their first use rather than at start-up, so that the first page
 * does not carry antd-mobile's legacy renderer.
 */
export function setUpImperativeRender() {
  if (ready) return;
  ready = true;
  unstableSetRender((node, container) => {
    const host = container as Element & { _root?: Root };
    host._root ??= createRoot(host);
    host._root.render(node);
    return async () => {
      await Promise.resolve();
      host._root?.unmount();
      delete host._root;
    };
  });
}
