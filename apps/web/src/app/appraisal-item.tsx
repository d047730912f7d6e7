import type { CommodityDetail } from '@jewel/contract/commodity';
import { PhotoGrid } from '../components/photos/photo-grid.tsx';
import { CommodityPhotos } from '../features/appraisal/components/commodity-photos.tsx';
import { ProductSection } from '../features/commodity/components/detail-sections.tsx';

/**
 * The item as every valuer who judges it sees it: its photos by kind (a tap opens the zoom
 * viewer) and its registered facts. The appraisal, the reconsideration and the comprehensive
 * assessment show the same, so that no step judges an item without seeing it.
 */
export function AppraisalItem({ detail }: { detail: CommodityDetail }) {
  return (
    <>
      <CommodityPhotos
        detail={detail}
        grid={(photos, label, captions) => (
          <PhotoGrid photos={photos} label={label} captions={captions} flags={detail.photo_flags} />
        )}
      />
      <ProductSection detail={detail} />
    </>
  );
}
