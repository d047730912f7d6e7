import { ShopScreen } from '../../features/setup/components/shop-screen.tsx';
import '../../features/setup/setup-texts.ts';
import '../../features/setup/shop-texts.ts';

/**
 * The shop's details, for its managers (issue 28); anyone else is told whom it is for. Its fields
 * read the setup namespace's texts, the rest its own (shop): both add themselves here.
 */
export default function ShopRoute() {
  return <ShopScreen />;
}
