import { and, eq } from 'drizzle-orm';
import { sessions, staffBranches } from '../../db/schema.ts';
import { openBranch } from '../../domain/branches.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { AppError } from '../../lib/app-error.ts';

/** This session works at another of the person's branches from its next call: an open one they work at. */
export async function setWorkingBranch(
  { db, signalHere }: ServiceDeps,
  userId: number,
  sessionId: string,
  branchId: number,
) {
  const [held] = await db
    .select({ id: staffBranches.branchId })
    .from(staffBranches)
    .where(and(eq(staffBranches.userId, userId), eq(staffBranches.branchId, branchId)));
  if (!held) throw new AppError('branchNotHeld');
  await openBranch(db, branchId);
  await db
    .update(sessions)
    .set({ branchId })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  // Every instance's cache of live sessions holds the branch: they read it again.
  signalHere('sessions');
}
