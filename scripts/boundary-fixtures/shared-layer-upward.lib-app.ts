// at: apps/web/src/lib/api-client.ts
// A utility of lib/ importing the router of app/.
import { router } from '../app/router.tsx';

export const go = router.navigate;
