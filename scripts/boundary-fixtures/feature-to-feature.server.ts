// at: apps/server/src/features/ledger/ledger.service.ts
// A server feature importing another feature's service.
import { distribute } from '../commodity/handoff-actions.service.ts';

export const handOff = distribute;
