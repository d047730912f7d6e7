import type {
  CustomerDetail,
  customerInputSchema,
  customerListQuerySchema,
  customerPageSchema,
  IdentityCheckSummary,
} from '@jewel/contract/customer';
import { idSchema } from '@jewel/contract/input';
import type { IdentityDocumentType } from '@jewel/contract/values/buyback';
import { maskedNumber } from '@jewel/contract/values/personal-data';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { customers } from '../../db/schema.ts';
import { recordIdentityView } from '../../domain/identity-views.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { AppError } from '../../lib/app-error.ts';
import { privateImage } from '../../lib/private-files.ts';
import * as repo from './customer.repository.ts';

type CustomerBody = z.output<typeof customerInputSchema>;
type ListQuery = z.output<typeof customerListQuerySchema>;
type Page = z.infer<typeof customerPageSchema>;
type CustomerRow = typeof customers.$inferSelect;

/**
 * Customer records are the recorders' (PRODUCT.md "Customers and identity data"): a valuer,
 * staff or guest, makes no customer call at all.
 */
export function recorderOf(
  auth: Pick<AuthContext, 'userId' | 'roleCode' | 'isTmp' | 'branchId' | 'branchIds'>,
): repo.CustomerViewer {
  if (auth.roleCode !== 'recorder') throw new AppError('customerRecordersOnly');
  return { userId: auth.userId, isTmp: auth.isTmp, branchId: auth.branchId, branchIds: auth.branchIds };
}

const invalidField = (field: string) => new AppError('validation', { params: { field }, data: { field } });

function decodeCursor(cursor: string | undefined): number | null {
  if (!cursor) return null;
  const id = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!idSchema.safeParse(id).success) throw invalidField('cursor');
  return id;
}

export async function list(db: Db, auth: AuthContext, query: ListQuery): Promise<Page> {
  const viewer = recorderOf(auth);
  const rows = await repo.listCustomers(db, viewer, {
    keyword: query.keyword || null,
    beforeId: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      address: row.address,
      visits: Number(row.visits),
      last_activity_at: row.lastActivityAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit && last ? Buffer.from(String(last.id)).toString('base64url') : null,
  };
}

async function present(db: Db, viewer: repo.CustomerViewer, row: CustomerRow): Promise<CustomerDetail> {
  const visits = await repo.listVisits(db, viewer, row.id);
  const items = await repo.listVisitItems(
    db,
    visits.map((visit) => visit.id),
  );
  // A guest recorder never reads identity checks, not even how many there are.
  const checks = viewer.isTmp ? 0 : await repo.countIdentityChecks(db, row.id);
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    occupation: row.occupation,
    birth_date: row.birthDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_activity_at: row.lastActivityAt.toISOString(),
    anonymized_at: row.anonymizedAt?.toISOString() ?? null,
    identity_check_count: checks,
    visits: visits.map((visit) => ({
      id: visit.id,
      created_at: visit.createdAt.toISOString(),
      recorder: { id: visit.recorderId, name: visit.recorderName },
      commodities: items
        .filter((item) => item.enrollmentId === visit.id)
        .map((item) => ({
          id: item.id,
          no: item.no,
          product_name: item.productName,
          brand_name: item.brandName,
          status: item.status,
          result:
            item.isReal === null || item.priceLow === null || item.priceHigh === null || item.currency === null
              ? null
              : { is_real: item.isReal, price_low: item.priceLow, price_high: item.priceHigh, currency: item.currency },
          recycle:
            item.isRecycle === null || item.recycledAt === null
              ? null
              : {
                  is_recycle: item.isRecycle,
                  price: item.recyclePrice,
                  currency: item.recycleCurrency,
                  at: item.recycledAt.toISOString(),
                },
        })),
    })),
  };
}

async function visibleCustomer(db: Db, viewer: repo.CustomerViewer, id: number) {
  const row = await repo.findCustomer(db, viewer, id);
  if (!row) throw new AppError('notFound');
  return row;
}

export async function detail(db: Db, auth: AuthContext, id: number): Promise<CustomerDetail> {
  const viewer = recorderOf(auth);
  return present(db, viewer, await visibleCustomer(db, viewer, id));
}

const columnsOf = (body: CustomerBody) => ({
  name: body.name,
  phone: body.phone,
  address: body.address,
  occupation: body.occupation,
  birthDate: body.birth_date,
});

export async function create(db: Db, auth: AuthContext, body: CustomerBody): Promise<CustomerDetail> {
  const viewer = recorderOf(auth);
  const row = await repo.insertCustomer(db, {
    ...columnsOf(body),
    createdBy: viewer.userId,
    branchId: viewer.branchId,
  });
  return present(db, viewer, row);
}

export async function update(db: Db, auth: AuthContext, id: number, body: CustomerBody): Promise<CustomerDetail> {
  const viewer = recorderOf(auth);
  const row = await visibleCustomer(db, viewer, id);
  if (row.anonymizedAt) throw new AppError('customerAnonymized');
  await repo.updateCustomer(db, id, columnsOf(body));
  return present(db, viewer, await visibleCustomer(db, viewer, id));
}

/**
 * A customer's identity checks, for staff recorders (the route's access). Reading them is a view
 * of identity data, recorded before the answer leaves: one `identity` row for the checks opened,
 * and one `document-photo` row per signed photo link handed out (whoever holds a link can open
 * the photo until it expires, so handing it out is the view).
 */
export async function identityChecks(
  db: Db,
  secret: string,
  auth: AuthContext,
  id: number,
): Promise<IdentityCheckSummary[]> {
  const viewer = recorderOf(auth);
  if (viewer.isTmp) throw new AppError('temporaryUserNotAllowed');
  await visibleCustomer(db, viewer, id);
  const checks = await repo.listIdentityChecks(db, id);
  const now = Date.now();
  await db.transaction(async (tx) => {
    await recordIdentityView(tx, {
      viewerId: viewer.userId,
      customerId: id,
      subject: 'identity',
      ref: checks.map((check) => check.id).join(','),
    });
    for (const check of checks) {
      for (const name of check.documentPics) {
        await recordIdentityView(tx, { viewerId: viewer.userId, customerId: id, subject: 'document-photo', ref: name });
      }
    }
  });
  return checks.map((check) => ({
    id: check.id,
    document_type: check.documentType as IdentityDocumentType,
    document_number_masked: maskedNumber(check.hint),
    document_expiry: check.documentExpiry,
    checked_at: check.createdAt.toISOString(),
    checked_by: { id: check.checkerId, name: check.checkerName },
    document_pics: check.documentPics.map((name) => privateImage(secret, name, 'document', now)),
    anonymized: check.anonymizedAt !== null,
  }));
}
