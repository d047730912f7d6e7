// at: apps/web/src/stores/language-store.ts
// A store importing a component.
import { PhotoGrid } from '../components/photos/photo-grid.tsx';

export const grid = PhotoGrid;
