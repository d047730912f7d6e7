// at: apps/web/src/lib/outbox.ts
// A utility of lib/ importing a component module, by a dynamic import.
export const load = () => import('../components/photos/photo-upload-field.tsx');
