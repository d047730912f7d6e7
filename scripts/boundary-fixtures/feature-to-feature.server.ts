// at: apps/server/src/features/ledger/ledger.service.ts
// A server feature importing another feature's service.
import { commodityActions } from '../commodity/commodity-actions.service.ts';

export const actions = commodityActions;
