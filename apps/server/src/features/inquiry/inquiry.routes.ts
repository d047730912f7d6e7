import { type Inquiry, inquiryRoutes } from '@jewel/contract/inquiry';
import { ESTIMATE_STATUS } from '@jewel/contract/values/inquiry-status';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inquiries } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { notify } from '../../lib/notify.ts';
import { registerRoute } from '../../lib/route.ts';
import { type AuthContext, requireAuth } from '../../plugins/app/auth.ts';
import { firstForeignPhoto } from '../upload/upload.repository.ts';
import * as repo from './inquiry.repository.ts';

const invalid = (field: string) => new AppError('validation', { params: { field }, data: { field } });

function present({ inquiry: row, recorderName, valuerName, brandName, productName }: repo.InquiryRow): Inquiry {
  const estimated =
    row.estimateStatus === ESTIMATE_STATUS.estimated && row.valuerId !== null && row.estimatedAt !== null;
  return {
    id: row.id,
    customer_name: row.customerName,
    contact: row.contact,
    brand: row.brandId !== null && brandName !== null ? { id: row.brandId, name: brandName } : null,
    product: row.productId !== null && productName !== null ? { id: row.productId, name: productName } : null,
    product_name: row.productName,
    photos: row.photos,
    source: row.source,
    priority: row.priority,
    remark: row.remark,
    status: row.status,
    estimate_status: row.estimateStatus,
    estimate: estimated
      ? {
          price_low: row.priceLow ?? 0,
          price_high: row.priceHigh ?? 0,
          currency: row.currency ?? '',
          note: row.estimateNote ?? '',
          valuer: { id: row.valuerId ?? 0, name: valuerName ?? '' },
          at: row.estimatedAt?.toISOString() ?? '',
        }
      : null,
    recorder: { id: row.recorderId, name: recorderName },
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

/**
 * What the caller may see: the shop's inquiries for staff; a guest recorder only their own; a
 * guest valuer none, since inquiries are never assigned to anyone (PRODUCT.md: guests see only
 * their own or what was given to them).
 */
function visibleTo(auth: AuthContext): SQL | undefined {
  if (!auth.isTmp) return undefined;
  if (auth.roleCode === 'recorder') return eq(inquiries.recorderId, auth.userId);
  throw new AppError('temporaryUserNotAllowed');
}

function requireRole(auth: AuthContext, role: AuthContext['roleCode']) {
  if (auth.roleCode !== role) throw new AppError('forbidden');
}

/** Price inquiries (PRODUCT.md "Product inquiry"): recorders register and close, valuers estimate. */
export async function inquiryFeature(app: FastifyInstance) {
  const load = async (auth: AuthContext, id: number) => {
    const row = await repo.findInquiry(app.db, id, visibleTo(auth));
    if (!row) throw new AppError('notFound');
    return row;
  };

  registerRoute(app, inquiryRoutes.inquiryCreate, async ({ body }, request) => {
    const auth = requireAuth(request);
    requireRole(auth, 'recorder');
    const found = await repo.referencesExist(app.db, body);
    if (!found.brand) throw invalid('brand_id');
    if (!found.product) throw invalid('product_id');
    const foreign = await firstForeignPhoto(app.db, body.photos, auth.userId);
    if (foreign >= 0) throw invalid(`photos.${foreign}`);
    const id = await repo.insertInquiry(app.db, auth.userId, body);
    return present(await load(auth, id));
  });

  registerRoute(app, inquiryRoutes.inquiryList, async ({ query }, request) => {
    const auth = requireAuth(request);
    const mine =
      query.scope === 'mine'
        ? eq(auth.roleCode === 'recorder' ? inquiries.recorderId : inquiries.valuerId, auth.userId)
        : undefined;
    const where = and(visibleTo(auth), mine, query.status ? eq(inquiries.status, query.status) : undefined);
    const { rows, total } = await repo.listInquiries(app.db, where, query.page, query.page_size);
    return { items: rows.map(present), total, page: query.page, page_size: query.page_size };
  });

  registerRoute(app, inquiryRoutes.inquiryDetail, async ({ params }, request) =>
    present(await load(requireAuth(request), params.id)),
  );

  registerRoute(app, inquiryRoutes.inquiryEstimate, async ({ params, body }, request) => {
    const auth = requireAuth(request);
    requireRole(auth, 'valuers');
    const before = await load(auth, params.id);
    await app.db.transaction(async (tx) => {
      if (!(await repo.saveEstimate(tx, params.id, auth.userId, body))) throw new AppError('inquiryClosed');
      const valuer = await repo.findInquiry(tx, params.id);
      await notify(tx, [
        {
          userId: before.inquiry.recorderId,
          type: 'inquiry_estimated',
          params: { from: valuer?.valuerName ?? '', product: before.inquiry.productName },
          link: `/pages-sub/productInquiry/registerList?id=${params.id}`,
        },
      ]);
    });
    return present(await load(auth, params.id));
  });

  registerRoute(app, inquiryRoutes.inquiryClose, async ({ params }, request) => {
    const auth = requireAuth(request);
    requireRole(auth, 'recorder');
    await load(auth, params.id);
    if (!(await repo.closeInquiry(app.db, params.id))) throw new AppError('inquiryClosed');
    return present(await load(auth, params.id));
  });
}
