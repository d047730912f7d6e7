import type { Db } from '../../db/client.ts';
import * as repo from './information.repository.ts';

/**
 * Computes a subtotal's figures now and keeps them as its next version, in the caller's
 * transaction. The subtotal's row is locked first, so that two recomputations at once number
 * their versions one after the other. Answers the subtotal with that version as its latest
 * (versions are numbered 1, 2, 3… and never removed, so the number is also their count), or
 * null when the subtotal does not exist.
 */
export async function recompute(
  db: Db,
  subtotalId: number,
  userId: number,
  timeZone: string,
): Promise<repo.SubtotalDbRow | null> {
  const locked = await repo.lockSubtotal(db, subtotalId, userId);
  if (!locked) return null;
  const figures = await repo.computeFigures(db, locked.subtotal.filter, timeZone);
  const latest = await repo.insertVersion(db, subtotalId, userId, figures);
  return {
    subtotal: locked.subtotal,
    creatorName: locked.creatorName,
    latest,
    computerName: locked.computerName,
    versions: latest.version,
  };
}
