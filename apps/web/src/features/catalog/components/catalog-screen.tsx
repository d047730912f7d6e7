import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CatalogDownloads } from './catalog-downloads.tsx';
import { CatalogImport } from './catalog-import.tsx';
import '../catalog.css';

/**
 * The catalog's files, for the shop's managers (issue 28 item 5): import the lists as CSV, all
 * or nothing with each problem's line, and download each list or its template. Anyone else is
 * told whom the page is for.
 */
export function CatalogScreen() {
  const { t } = useTranslation('catalog');
  const manager = useIsManager();
  return (
    <Page>
      {manager ? (
        <div className="catalog-page">
          <CatalogImport />
          <CatalogDownloads />
        </div>
      ) : (
        <ManagersOnly title={t('only.title')} description={t('only.description')} />
      )}
    </Page>
  );
}
