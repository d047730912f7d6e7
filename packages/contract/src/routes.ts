import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { branchRoutes } from './branches.ts';
import { buybackRoutes } from './buyback.ts';
import { calibrationRoutes } from './calibration.ts';
import { catalogRoutes } from './catalog.ts';
import { catalogAdminRoutes } from './catalog-admin.ts';
import { certificateRoutes } from './certificate.ts';
import { commodityRoutes } from './commodity.ts';
import { customerRoutes } from './customer.ts';
import { dictionaryRoutes } from './dictionary.ts';
import { informationRoutes } from './information.ts';
import { inquiryRoutes } from './inquiry.ts';
import { knowledgeAdminRoutes, knowledgeRoutes } from './knowledge.ts';
import { ledgerRoutes } from './ledger.ts';
import { operationsRoutes } from './operations.ts';
import { passkeyRoutes } from './passkey.ts';
import { setupRoutes } from './setup.ts';
import { shopRoutes } from './shop.ts';
import { signInRoutes } from './sign-in.ts';
import { staffRoutes } from './staff.ts';
import { suspiciousRoutes } from './suspicious.ts';
import { metricsRoute, openApiRoute, systemRoutes } from './system.ts';
import { tagRoutes } from './tag.ts';
import { temporaryLinkRoutes } from './temporary.ts';
import { transferRoutes } from './transfer.ts';
import { uploadRoutes } from './upload.ts';
import { userRoutes } from './user.ts';
import { watchRoutes } from './watch.ts';

/** Every call the server answers, by name. The server registers exactly these. */
export const routes = {
  ...systemRoutes,
  ...setupRoutes,
  ...staffRoutes,
  ...shopRoutes,
  ...branchRoutes,
  ...auditRoutes,
  ...operationsRoutes,
  ...openApiRoute,
  ...metricsRoute,
  ...authRoutes,
  ...passkeyRoutes,
  ...signInRoutes,
  ...userRoutes,
  ...dictionaryRoutes,
  ...catalogRoutes,
  ...catalogAdminRoutes,
  ...uploadRoutes,
  ...commodityRoutes,
  ...transferRoutes,
  ...buybackRoutes,
  ...temporaryLinkRoutes,
  ...inquiryRoutes,
  ...informationRoutes,
  ...knowledgeRoutes,
  ...knowledgeAdminRoutes,
  ...customerRoutes,
  ...watchRoutes,
  ...ledgerRoutes,
  ...suspiciousRoutes,
  ...tagRoutes,
  ...calibrationRoutes,
  ...certificateRoutes,
};
export type RouteName = keyof typeof routes;
