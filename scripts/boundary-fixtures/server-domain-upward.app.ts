// at: apps/server/src/domain/customer-records.ts
// The domain importing app.ts, which assembles the features.
import { buildApp } from '../app.ts';

export const build = buildApp;
