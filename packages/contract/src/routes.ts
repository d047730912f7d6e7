import { authRoutes } from './auth.ts';
import { catalogRoutes } from './catalog.ts';
import { commodityRoutes } from './commodity.ts';
import { dictionaryRoutes } from './dictionary.ts';
import { openApiRoute, systemRoutes } from './system.ts';
import { uploadRoutes } from './upload.ts';
import { userRoutes } from './user.ts';

/** Every call the server answers, by name. The server registers exactly these. */
export const routes = {
  ...systemRoutes,
  ...openApiRoute,
  ...authRoutes,
  ...userRoutes,
  ...dictionaryRoutes,
  ...catalogRoutes,
  ...uploadRoutes,
  ...commodityRoutes,
};
export type RouteName = keyof typeof routes;
