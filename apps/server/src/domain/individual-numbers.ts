import { looksLikeIndividualNumber } from '@jewel/contract/values/buyback-rules';
import { and, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identityChecks, ledgerEntries } from '../db/schema.ts';
import { open } from '../lib/identity-cipher.ts';

/**
 * Issue 27 item 1: an Individual Number (My Number) must never be kept (マイナンバー法 §20), yet
 * staff once had to type one for a My Number card. Numbers are sealed with IDENTITY_KEY, so only
 * the server can tell which they are: at every start (server.ts, after the migrations) it opens
 * each number still kept, and blanks those that are Individual Numbers, with their hint, and the
 * hint the ledger entries copied of them (the ledger's trigger lets exactly that change through,
 * migration 0019). The rest of the check and of the entries stays. Idempotent: a blanked row has
 * no number left to open. Answers how many checks it blanked; the numbers are never logged.
 * A number sealed with another key (it cannot be opened) is left as it is and counted apart.
 */
export async function blankIndividualNumbers(db: Db, key: Buffer): Promise<{ blanked: number; unreadable: number }> {
  const rows = await db
    .select({ id: identityChecks.id, sealed: identityChecks.documentNumberSealed })
    .from(identityChecks)
    .where(isNotNull(identityChecks.documentNumberSealed));
  const found: number[] = [];
  let unreadable = 0;
  for (const row of rows) {
    let plain: string;
    try {
      plain = open(row.sealed ?? '', key);
    } catch {
      unreadable++;
      continue;
    }
    if (looksLikeIndividualNumber(plain)) found.push(row.id);
  }
  if (found.length === 0) return { blanked: 0, unreadable };
  await db.transaction(async (tx) => {
    await tx
      .update(identityChecks)
      .set({ documentNumberSealed: null, documentNumberHint: '' })
      .where(inArray(identityChecks.id, found));
    // Only the entries still holding a hint: the trigger refuses an update that changes nothing else.
    await tx
      .update(ledgerEntries)
      .set({ identityDocumentHint: '' })
      .where(and(inArray(ledgerEntries.identityCheckId, found), ne(ledgerEntries.identityDocumentHint, '')));
  });
  return { blanked: found.length, unreadable };
}
