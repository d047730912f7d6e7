import type { WatchSource } from '@jewel/contract/values/buyback';
import { markSkeleton } from '@jewel/contract/values/mark-skeleton';
import type {
  acknowledgeSchema,
  WatchImportResult,
  WatchMatch,
  WatchNotice,
  watchMatchListQuerySchema,
  watchNoticeInputSchema,
  watchNoticeListQuerySchema,
} from '@jewel/contract/watch';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { commodityEvents } from '../../db/schema.ts';
import { checkSignInPassword } from '../../domain/password-check.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { shopRules } from '../../domain/shop.ts';
import { matchWatchList } from '../../domain/watch-match.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './watch.repository.ts';
import { readNoticeCsv } from './watch-import.ts';

// ——— presenting ———

function presentNotice(row: repo.NoticeWithCounts): WatchNotice {
  const n = row.notice;
  return {
    id: n.id,
    source: n.source as WatchSource,
    reference: n.reference,
    brand: n.brand,
    model: n.model,
    serial_no: n.serialNo,
    engraving: n.engraving,
    description: n.description,
    created_by: { id: n.createdBy, name: row.createdByName },
    created_at: n.createdAt.toISOString(),
    withdrawn_at: n.withdrawnAt?.toISOString() ?? null,
    withdrawn_by: n.withdrawnBy === null ? null : { id: n.withdrawnBy, name: row.withdrawnByName ?? '' },
    withdraw_reason: n.withdrawReason,
    match_count: row.matchCount,
    open_match_count: row.openMatchCount,
  };
}

function presentMatch(row: repo.MatchRow): WatchMatch {
  const { match, notice, commodity } = row;
  const matchedOn = match.matchedOn === 'engraving' ? 'engraving' : 'serial';
  return {
    id: match.id,
    matched_on: matchedOn,
    matched_value: matchedOn === 'serial' ? commodity.serialNo : commodity.engraving,
    stage: match.stage as WatchMatch['stage'],
    created_at: match.createdAt.toISOString(),
    notice: {
      id: notice.id,
      source: notice.source as WatchSource,
      reference: notice.reference,
      brand: notice.brand,
      model: notice.model,
      serial_no: notice.serialNo,
      engraving: notice.engraving,
      description: notice.description,
      withdrawn_at: notice.withdrawnAt?.toISOString() ?? null,
      withdrawn_by: notice.withdrawnBy === null ? null : { id: notice.withdrawnBy, name: row.withdrawnByName ?? '' },
      withdraw_reason: notice.withdrawReason,
    },
    commodity: {
      id: commodity.id,
      no: commodity.no,
      product_name: commodity.productName,
      brand_name: row.brandName,
      status: commodity.status,
      recorder: { id: commodity.recorderId, name: row.recorderName },
      serial_no: commodity.serialNo,
      engraving: commodity.engraving,
    },
    acknowledgement:
      match.acknowledgedAt && match.acknowledgedBy !== null
        ? {
            by: { id: match.acknowledgedBy, name: row.acknowledgedByName ?? '' },
            at: match.acknowledgedAt.toISOString(),
            reason: match.reason ?? '',
            witness: match.witnessId === null ? null : { id: match.witnessId, name: row.witnessName ?? '' },
            alone: match.acknowledgedAlone,
          }
        : null,
  };
}

// ——— notices ———

export async function listNotices(db: Db, query: z.output<typeof watchNoticeListQuerySchema>) {
  const { rows, total } = await repo.listNotices(
    db,
    { keyword: query.keyword, status: query.status },
    query.page,
    query.page_size,
  );
  return { items: rows.map(presentNotice), total, page: query.page, page_size: query.page_size };
}

async function noticeDetail(db: Db, id: number) {
  const row = await repo.findNotice(db, id);
  if (!row) throw new AppError('notFound');
  return presentNotice(row);
}

/** A notice typed in; it is checked at once against every item not yet bought back. */
export async function createNotice(
  deps: ServiceDeps,
  auth: AuthContext,
  body: z.output<typeof watchNoticeInputSchema>,
) {
  const { id, matched } = await deps.db.transaction(async (tx) => {
    const [row] = await repo.insertNotices(tx, [
      {
        source: body.source,
        reference: body.reference,
        brand: body.brand,
        model: body.model,
        serialNo: body.serial_no,
        serialNorm: markSkeleton(body.serial_no),
        engraving: body.engraving,
        engravingNorm: markSkeleton(body.engraving),
        description: body.description,
        createdBy: auth.userId,
      },
    ]);
    if (!row) throw new Error('notice not inserted');
    return { id: row.id, matched: await matchWatchList(tx, { noticeIds: [row.id] }, 'notice', auth.userId) };
  });
  return { notice: await noticeDetail(deps.db, id), matched };
}

/**
 * A CSV file's notices: the good rows are added (and checked like a typed notice) in one
 * transaction, the refused ones are answered by line. A row repeating an active notice (or an
 * earlier row of the file) is refused as a duplicate, so importing a file twice adds nothing.
 */
export async function importNotices(deps: ServiceDeps, auth: AuthContext, csv: string): Promise<WatchImportResult> {
  const read = readNoticeCsv(csv);
  const refused = [...read.refused];
  return deps.db.transaction(async (tx) => {
    const seen = await repo.activeNoticeKeys(tx);
    const fresh = read.notices.filter((notice) => {
      const key = repo.noticeKey(notice);
      if (seen.has(key)) {
        refused.push({ line: notice.line, reason: 'duplicate', column: null });
        return false;
      }
      seen.add(key);
      return true;
    });
    const inserted = await repo.insertNotices(
      tx,
      fresh.map(({ line: _line, ...notice }) => ({ ...notice, createdBy: auth.userId })),
    );
    const matched =
      inserted.length === 0
        ? 0
        : await matchWatchList(tx, { noticeIds: inserted.map((row) => row.id) }, 'notice', auth.userId);
    return {
      rows: read.rows,
      imported: inserted.length,
      matched,
      refused: refused.sort((a, b) => a.line - b.line),
    };
  });
}

/**
 * Stops a notice matching, recording who withdrew it and why; it is kept, and its matches stay
 * until acknowledged.
 */
export async function withdrawNotice(db: Db, auth: AuthContext, id: number, reason: string) {
  const before = await noticeDetail(db, id);
  if (before.withdrawn_at !== null || !(await repo.withdrawNotice(db, id, auth.userId, reason))) {
    throw new AppError('watchNoticeWithdrawn');
  }
  return noticeDetail(db, id);
}

// ——— matches ———

export async function listMatches(
  db: Db,
  { branchIds }: Pick<AuthContext, 'branchIds'>,
  query: z.output<typeof watchMatchListQuerySchema>,
) {
  const { rows, total } = await repo.listMatches(
    db,
    { status: query.status, commodityId: query.commodity_id, branchIds },
    query.page,
    query.page_size,
  );
  return { items: rows.map(presentMatch), total, page: query.page, page_size: query.page_size };
}

/**
 * Who confirms an acknowledgement besides the recorder: another staff member (not a guest, not
 * the caller, enabled) by their own sign-in mobile and password, counted like a sign-in so that
 * it cannot be used to guess passwords. Not needed where the shop lets one person acknowledge
 * alone (WATCH_ACK_SINGLE_PERSON), unless one is given anyway. Runs outside any transaction, so
 * that a refused password stays counted.
 */
async function witnessOf(
  deps: ServiceDeps,
  auth: AuthContext,
  ip: string,
  body: z.output<typeof acknowledgeSchema>,
): Promise<{ witnessId: number | null; alone: boolean }> {
  const mobile = body.witness_mobile ?? '';
  const password = body.witness_password ?? '';
  if (mobile === '' && password === '' && (await shopRules(deps.db, deps.config)).watchAckSinglePerson)
    return { witnessId: null, alone: true };
  if (mobile === '') throw new AppError('watchWitnessRequired', { data: { field: 'witness_mobile' } });
  if (password === '') throw new AppError('watchWitnessRequired', { data: { field: 'witness_password' } });
  const witness = await checkSignInPassword(deps, ip, mobile, password);
  if (!witness) throw new AppError('watchWitnessInvalid', { data: { field: 'witness_password' } });
  if (witness.id === auth.userId) throw new AppError('watchWitnessSelf', { data: { field: 'witness_mobile' } });
  if (witness.isTmp || !witness.isEnabled) {
    throw new AppError('watchWitnessNotStaff', { data: { field: 'witness_mobile' } });
  }
  return { witnessId: witness.id, alone: false };
}

/**
 * A recorder acknowledges a match with a reason, confirmed by a second staff member (or alone
 * where the shop allows it): who, the witness, when and why stay on the match, and the
 * commodity's history gets a `watchAcknowledge` event. The buyback is then no longer blocked by it.
 */
export async function acknowledge(
  deps: ServiceDeps,
  auth: AuthContext,
  ip: string,
  id: number,
  body: z.output<typeof acknowledgeSchema>,
) {
  const open = await repo.findMatch(deps.db, id, auth.branchIds);
  if (!open) throw new AppError('notFound');
  if (open.match.acknowledgedAt !== null) throw new AppError('watchMatchAcknowledged');
  const { witnessId, alone } = await witnessOf(deps, auth, ip, body);
  const { reason } = body;
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockMatch(tx, id);
    if (!locked) throw new AppError('notFound');
    if (locked.match.acknowledgedAt !== null) throw new AppError('watchMatchAcknowledged');
    await repo.acknowledgeMatch(tx, id, { userId: auth.userId, reason, witnessId, alone });
    await tx.insert(commodityEvents).values({
      commodityId: locked.match.commodityId,
      actorId: auth.userId,
      action: 'watchAcknowledge',
      fromStatus: locked.status,
      toStatus: locked.status,
      changes: { match_id: id, notice_id: locked.match.noticeId, reason, witness_id: witnessId, alone },
    });
  });
  deps.signalHere('commodity');
  const row = await repo.findMatch(deps.db, id, auth.branchIds);
  if (!row) throw new AppError('notFound');
  return presentMatch(row);
}
