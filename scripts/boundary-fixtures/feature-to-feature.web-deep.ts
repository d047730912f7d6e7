// at: apps/web/src/features/enroll/components/photos/steps/parts/deep.tsx
// A web feature five folders deep reaching into another feature.
export { buybackTotal } from '../../../../../appraisal/buyback-model.ts';
