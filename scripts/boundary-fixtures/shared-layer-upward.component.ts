// at: apps/web/src/components/outbox-list.tsx
// A shared component importing a feature.
import { EnrollForm } from '../features/enroll/components/enroll-form.tsx';

export const form = EnrollForm;
