import type { Db } from '../db/client.ts';
import { identityViews } from '../db/schema.ts';

/** What a recorder read of a customer's identity data (PRODUCT.md: every view is recorded). */
export type IdentitySubject =
  | 'identity'
  | 'document-photo'
  | 'signature'
  | 'ledger'
  | 'ledger-export'
  | 'suspicious-export';

/** Records who viewed which customer's identity data; call it before the data leaves the server. */
export async function recordIdentityView(
  db: Db,
  view: { viewerId: number; customerId: number | null; subject: IdentitySubject; ref?: string },
): Promise<void> {
  await db.insert(identityViews).values({ ...view, ref: view.ref ?? '' });
}
