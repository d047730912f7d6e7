// at: apps/server/src/domain/sessions.ts
// The domain importing a plugin.
import { requireAuth } from '../plugins/app/auth.ts';

export const auth = requireAuth;
