// at: apps/web/src/features/enroll/components/submit-bar.tsx
// A web feature importing the router, which is built from the features.
import { router } from '../../../app/router.tsx';

export const navigate = router.navigate;
