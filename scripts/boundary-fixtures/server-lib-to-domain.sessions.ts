// at: apps/server/src/lib/route.ts
// A utility of lib/ importing the domain's session check.
import { findLiveSession } from '../domain/sessions.ts';

export const live = findLiveSession;
