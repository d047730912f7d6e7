import { Skeleton } from '../lib/antd-mobile.ts';

/** Skeleton rows while a list or a card loads: never a blank page. */
export function LoadingRows({ rows = 4 }: { rows?: number }) {
  return (
    <div className="card" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}
