// at: apps/server/src/domain/watch-match.ts
// The domain importing a feature's repository.
export type { CommodityRow } from '../features/commodity/commodity.repository.ts';
