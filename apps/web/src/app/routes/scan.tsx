import { Page } from '../../components/page.tsx';
import { Scanner } from '../../features/tag/components/scanner.tsx';

/**
 * The scan (issue 14): a tag's QR read by the camera or from a photo opens the item, or the
 * item's public verification page for someone who may not see it. Every signed-in user.
 */
export default function ScanRoute() {
  return (
    <Page>
      <Scanner />
    </Page>
  );
}
