import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CatalogBrands } from './catalog-brands.tsx';
import { CatalogDownloads } from './catalog-downloads.tsx';
import { CatalogImport } from './catalog-import.tsx';
import { CatalogList } from './catalog-lists.tsx';
import { CatalogProducts } from './catalog-products.tsx';
import { CatalogWorkflows } from './catalog-workflows.tsx';
import '../catalog.css';

/**
 * The catalog, for the shop's managers (issue 28 item 5): its products found, changed, added and
 * retired; the lists imported as CSV, all or nothing with each problem's line; each list or its
 * template downloaded; brands, categories (with their photo guides), materials and appraisal
 * workflows one by one. Anyone else is told whom the page is for.
 */
export function CatalogScreen() {
  const { t } = useTranslation('catalog');
  const manager = useIsManager();
  return (
    <Page wide>
      {manager ? (
        <div className="catalog-page">
          <CatalogImport />
          <CatalogDownloads />
          {/* Last: their lists arrive after the page, and push nothing down when they do. */}
          <CatalogBrands />
          <CatalogProducts />
          <CatalogList kind="categories" />
          <CatalogList kind="materials" />
          <CatalogWorkflows />
        </div>
      ) : (
        <ManagersOnly title={t('only.title')} description={t('only.description')} />
      )}
    </Page>
  );
}
