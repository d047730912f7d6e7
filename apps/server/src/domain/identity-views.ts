import type { IdentityViewSubject } from '@jewel/contract/values/audit';
import type { Db } from '../db/client.ts';
import { identityViews } from '../db/schema.ts';

/** Records who viewed which customer's identity data; call it before the data leaves the server. */
export async function recordIdentityView(
  db: Db,
  view: { viewerId: number; customerId: number | null; subject: IdentityViewSubject; ref?: string },
): Promise<void> {
  await db.insert(identityViews).values({ ...view, ref: view.ref ?? '' });
}
