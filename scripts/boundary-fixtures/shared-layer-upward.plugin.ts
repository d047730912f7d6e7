// at: apps/server/src/plugins/app/auth.ts
// A plugin importing a feature's routes.
export { uploadFeature } from '../../features/upload/upload.routes.ts';
