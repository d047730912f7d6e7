import type { estimateSchema, inquiryInputSchema, inquiryListQuerySchema } from '@jewel/contract/inquiry';
import type { Lang } from '@jewel/contract/values/i18n';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notify } from '../../domain/notify.ts';
import { firstForeignPhoto } from '../../domain/photo-owners.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { presentInquiry } from './inquiry.presenter.ts';
import * as repo from './inquiry.repository.ts';

const invalid = (field: string) => new AppError('validation', { params: { field }, data: { field } });

/**
 * What the caller may see: for staff, the inquiries taken at the branches they see (issue 32); a
 * guest recorder only their own; a guest valuer none, since inquiries are never assigned to anyone
 * (PRODUCT.md: guests see only their own or what was given to them).
 */
function visibleTo(auth: AuthContext): repo.InquiryFilter {
  if (!auth.isTmp) return { branchIds: auth.branchIds };
  if (auth.roleCode === 'recorder') return { recorderId: auth.userId };
  throw new AppError('temporaryUserNotAllowed');
}

function requireRole(auth: AuthContext, role: AuthContext['roleCode']) {
  if (auth.roleCode !== role) throw new AppError('forbidden');
}

async function load(db: Db, auth: AuthContext, id: number) {
  const row = await repo.findInquiry(db, id, visibleTo(auth));
  if (!row) throw new AppError('notFound');
  return row;
}

export async function detail(db: Db, auth: AuthContext, lang: Lang, id: number) {
  return presentInquiry(await load(db, auth, id), auth.roleCode, lang);
}

/**
 * The inquiry a submit sent again registered first, or a refusal when it was changed since (an
 * outbox entry opened and changed after its first sending's answer was lost): answering the first
 * would drop the change without a word.
 */
async function replayOf(db: Db, auth: AuthContext, lang: Lang, body: z.output<typeof inquiryInputSchema>, key: string) {
  const earlier = await repo.findInquiryByKey(db, auth.userId, key);
  if (!earlier) return null;
  const { id, ...sent } = earlier;
  const same = (Object.keys(sent) as (keyof typeof sent)[]).every(
    (field) => JSON.stringify(sent[field]) === JSON.stringify(body[field]),
  );
  if (!same) throw new AppError('inquiryKeyReused');
  return detail(db, auth, lang, id);
}

/**
 * Registers an inquiry. A submit whose key was seen before (the outbox sending again after a lost
 * answer) answers the inquiry registered first, unless its content changed; two racing with one
 * key meet at the unique index.
 */
export async function create(db: Db, auth: AuthContext, lang: Lang, body: z.output<typeof inquiryInputSchema>) {
  requireRole(auth, 'recorder');
  const key = body.idempotency_key;
  const replayed = key ? await replayOf(db, auth, lang, body, key) : null;
  if (replayed) return replayed;
  const found = await repo.referencesExist(db, body);
  if (!found.brand) throw invalid('brand_id');
  if (!found.product) throw invalid('product_id');
  const foreign = await firstForeignPhoto(db, body.photos, auth.userId);
  if (foreign >= 0) throw invalid(`photos.${foreign}`);
  try {
    return detail(db, auth, lang, await repo.insertInquiry(db, auth, body));
  } catch (error) {
    const winner =
      key && isUniqueViolation(error, 'inquiries_key_idx') ? await replayOf(db, auth, lang, body, key) : null;
    if (winner === null) throw error;
    return winner;
  }
}

export async function list(db: Db, auth: AuthContext, lang: Lang, query: z.output<typeof inquiryListQuerySchema>) {
  const mine: repo.InquiryFilter =
    query.scope !== 'mine'
      ? {}
      : auth.roleCode === 'recorder'
        ? { recorderId: auth.userId }
        : { valuerId: auth.userId };
  const filter: repo.InquiryFilter = { ...mine, ...visibleTo(auth), status: query.status || undefined };
  const { rows, total } = await repo.listInquiries(db, filter, query.page, query.page_size);
  return {
    items: rows.map((row) => presentInquiry(row, auth.roleCode, lang)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The estimate and the recorder's notice, together or not at all. */
export async function estimate(
  db: Db,
  auth: AuthContext,
  lang: Lang,
  id: number,
  body: z.output<typeof estimateSchema>,
) {
  requireRole(auth, 'valuers');
  const before = await load(db, auth, id);
  await db.transaction(async (tx) => {
    if (!(await repo.saveEstimate(tx, id, auth.userId, body))) throw new AppError('inquiryClosed');
    const valuer = await repo.findInquiry(tx, id);
    await notify(tx, [
      {
        userId: before.inquiry.recorderId,
        type: 'inquiry_estimated',
        params: { from: valuer?.valuerName ?? '', product: before.inquiry.productName },
        link: withQuery(paths.inquiryList, { id }),
      },
    ]);
  });
  return detail(db, auth, lang, id);
}

export async function close(db: Db, auth: AuthContext, lang: Lang, id: number) {
  requireRole(auth, 'recorder');
  await load(db, auth, id);
  if (!(await repo.closeInquiry(db, id))) throw new AppError('inquiryClosed');
  return detail(db, auth, lang, id);
}
