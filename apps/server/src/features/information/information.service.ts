import type { informationListQuerySchema, subtotalCreateSchema } from '@jewel/contract/information';
import { idSchema } from '@jewel/contract/input';
import type { Lang } from '@jewel/contract/values/i18n';
import type { InformationOrder, InformationSort } from '@jewel/contract/values/information';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentDetail, presentRow, presentSubtotal, presentVersion } from './information.presenter.ts';
import * as repo from './information.repository.ts';

const invalid = (field: string) => new AppError('validation', { params: { field }, data: { field } });

/** The cursor is opaque to clients: base64url of `[sort, order, last sort key, last id]`. */
function encodeCursor(sort: InformationSort, order: InformationOrder, key: string, id: number) {
  return Buffer.from(JSON.stringify([sort, order, key, id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined, sort: InformationSort, order: InformationOrder) {
  if (!cursor) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor');
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid('cursor');
  const [cursorSort, cursorOrder, key, id] = parsed as unknown[];
  const fits =
    cursorSort === sort &&
    cursorOrder === order &&
    typeof key === 'string' &&
    repo.isSortKeyText(sort, order, key) &&
    idSchema.safeParse(id).success;
  if (!fits) throw invalid('cursor');
  return { key: key as string, id: id as number };
}

/**
 * Computes a subtotal's figures now and keeps them as its next version, in the caller's
 * transaction. The subtotal's row is locked first, so that two recomputations at once number
 * their versions one after the other. Answers the subtotal with that version as its latest
 * (versions are numbered 1, 2, 3… and never removed, so the number is also their count), or
 * null when the subtotal does not exist.
 */
async function recompute(
  db: Db,
  subtotalId: number,
  { userId, branchIds }: InformationViewer,
  timeZone: string,
): Promise<repo.SubtotalDbRow | null> {
  const locked = await repo.lockSubtotal(db, subtotalId, userId, branchIds);
  if (!locked) return null;
  // Always over the subtotal's own branches, whoever recomputes it.
  const figures = await repo.computeFigures(db, locked.subtotal.filter, timeZone, locked.subtotal.branchIds);
  const latest = await repo.insertVersion(db, subtotalId, userId, figures);
  return {
    subtotal: locked.subtotal,
    creatorName: locked.creatorName,
    latest,
    computerName: locked.computerName,
    versions: latest.version,
  };
}

/** Who reads the data base: the branches whose results they see (issue 32). */
export type InformationViewer = Pick<AuthContext, 'userId' | 'branchIds'>;

export async function list(
  db: Db,
  timeZone: string,
  { branchIds }: InformationViewer,
  query: z.output<typeof informationListQuerySchema>,
  lang: Lang,
) {
  const { sort, order, cursor, limit, ...filter } = query;
  const rows = await repo.listRows(
    db,
    filter,
    timeZone,
    { sort, order, after: decodeCursor(cursor, sort, order), limit: limit + 1 },
    branchIds,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => presentRow(row, lang)),
    next_cursor: rows.length > limit && last ? encodeCursor(sort, order, last.sortKey, last.id) : null,
  };
}

export async function detail(db: Db, { branchIds }: InformationViewer, id: number, lang: Lang) {
  const found = await repo.findRow(db, id, branchIds);
  if (!found) throw new AppError('notFound');
  return presentDetail(found, lang);
}

export async function subtotal(db: Db, { branchIds }: InformationViewer, id: number) {
  const row = await repo.findSubtotal(db, id, branchIds);
  if (!row) throw new AppError('notFound');
  return presentSubtotal(row);
}

/** A new subtotal with its first version, together or not at all. */
export async function createSubtotal(
  db: Db,
  timeZone: string,
  viewer: InformationViewer,
  body: z.output<typeof subtotalCreateSchema>,
) {
  // Over the branches its maker sees now (every one there is, for one who sees all): the same ones ever after.
  const branchIds = viewer.branchIds ?? (await db.select({ id: branches.id }).from(branches)).map((row) => row.id);
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertSubtotal(tx, body.name, body.filter, viewer.userId, branchIds);
    return recompute(tx, created, viewer, timeZone);
  });
  if (!row) throw new Error('subtotal vanished in its own transaction');
  return presentSubtotal(row);
}

export async function listSubtotals(
  db: Db,
  { branchIds }: InformationViewer,
  query: { page: number; page_size: number },
) {
  const { rows, total } = await repo.listSubtotals(db, repo.subtotalSeen(branchIds), query.page, query.page_size);
  return { items: rows.map(presentSubtotal), total, page: query.page, page_size: query.page_size };
}

export async function listVersions(
  db: Db,
  viewer: InformationViewer,
  id: number,
  query: { page: number; page_size: number },
) {
  await subtotal(db, viewer, id);
  const { rows, total } = await repo.listVersions(db, id, query.page, query.page_size);
  return {
    items: rows.map((row) => presentVersion(row.version, row.computerName)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function recomputeSubtotal(db: Db, timeZone: string, id: number, viewer: InformationViewer) {
  const row = await db.transaction((tx) => recompute(tx, id, viewer, timeZone));
  if (!row) throw new AppError('notFound');
  return presentSubtotal(row);
}
