import { CatalogScreen } from '../../features/catalog/components/catalog-screen.tsx';
import '../../features/catalog/catalog-texts.ts';

/** The catalog's files, for the shop's managers (issue 28); anyone else is told whom it is for. */
export default function CatalogRoute() {
  return <CatalogScreen />;
}
