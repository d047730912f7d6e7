// at: apps/server/src/features/system/system.routes.ts
// A server feature importing app.ts, which assembles the features.
import { buildApp } from '../../app.ts';

export const build = buildApp;
