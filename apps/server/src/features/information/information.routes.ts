import {
  type InformationDetail,
  type InformationRow,
  informationRoutes,
  type Subtotal,
  type SubtotalVersion,
} from '@jewel/contract/information';
import { idSchema } from '@jewel/contract/input';
import type { Lang } from '@jewel/contract/values/i18n';
import type { InformationOrder, InformationSort } from '@jewel/contract/values/information';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { subtotalVersions } from '../../db/schema.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as repo from './information.repository.ts';
import { recompute } from './information.service.ts';

const invalid = (field: string) => new AppError('validation', { params: { field }, data: { field } });

/** The thumbnail the upload feature stores beside each photo: `<name>-thumb.<ext>`. */
function thumbOf(photo: string | null): string {
  return photo ? photo.replace(/\.(\w+)$/, '-thumb.$1') : '';
}

function presentRow(row: repo.InformationDbRow, lang: Lang): InformationRow {
  return {
    id: row.id,
    no: row.no,
    status: row.status,
    brand: { id: row.brandId, name: row.brandName },
    category: { id: row.categoryId, name: translate(row.categoryName, lang) },
    product: row.productId !== null && row.catalogName !== null ? { id: row.productId, name: row.catalogName } : null,
    product_name: row.productName,
    material:
      row.materialId !== null && row.materialName !== null
        ? { id: row.materialId, name: translate(row.materialName, lang) }
        : null,
    state_level: row.stateLevel ?? '',
    is_real: row.isReal ?? 0,
    price_low: row.priceLow ?? 0,
    price_high: row.priceHigh ?? 0,
    currency: row.currency ?? '',
    is_recycle: row.isRecycle,
    recycle_price: row.recyclePrice,
    recycle_currency: row.recycleCurrency,
    identified_at: row.identifiedAt?.toISOString() ?? '',
    thumb: thumbOf(row.firstPhoto),
  };
}

function presentVersion(version: typeof subtotalVersions.$inferSelect, computerName: string): SubtotalVersion {
  return {
    id: version.id,
    version: version.version,
    computed_at: version.computedAt.toISOString(),
    computed_by: { id: version.computedBy, name: computerName },
    count: version.count,
    genuine_count: version.genuineCount,
    genuine_share: version.count === 0 ? null : version.genuineCount / version.count,
    by_currency: version.byCurrency,
  };
}

function presentSubtotal(row: repo.SubtotalDbRow): Subtotal {
  return {
    id: row.subtotal.id,
    name: row.subtotal.name,
    filter: row.subtotal.filter,
    created_by: { id: row.subtotal.createdBy, name: row.creatorName },
    created_at: row.subtotal.createdAt.toISOString(),
    versions: row.versions,
    latest: presentVersion(row.latest, row.computerName),
  };
}

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
 * The data base and its subtotals (PRODUCT.md "Data base"): staff only, the whole shop's
 * results; subtotals are the shop's too, seen and recomputed by any staff member.
 */
async function routes(app: FastifyInstance) {
  const timeZone = app.config.shopTimezone;

  const loadSubtotal = async (id: number) => {
    const row = await repo.findSubtotal(app.db, id);
    if (!row) throw new AppError('notFound');
    return presentSubtotal(row);
  };

  registerRoute(app, informationRoutes.informationList, async ({ query }, request) => {
    requireAuth(request);
    const { sort, order, cursor, limit, ...filter } = query;
    const rows = await repo.listRows(app.db, filter, timeZone, {
      sort,
      order,
      after: decodeCursor(cursor, sort, order),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => presentRow(row, request.lang)),
      next_cursor: rows.length > limit && last ? encodeCursor(sort, order, last.sortKey, last.id) : null,
    };
  });

  registerRoute(app, informationRoutes.informationDetail, async ({ params }, request) => {
    requireAuth(request);
    const found = await repo.findRow(app.db, params.id);
    if (!found) throw new AppError('notFound');
    const { flow } = found;
    return {
      ...presentRow(found.listed, request.lang),
      not_genuine_reason: flow.notGenuineReason,
      expected_sale_price: flow.expectedSalePrice,
      report: flow.report ?? '',
      valuer: { id: flow.valuerId, name: found.valuerName },
      recorder: { id: found.row.recorderId, name: found.recorderName },
      round: found.row.round,
      recycled_at: found.row.recycledAt?.toISOString() ?? null,
      product_pics: found.row.productPics,
    } satisfies InformationDetail;
  });

  registerRoute(app, informationRoutes.subtotalCreate, async ({ body }, request) => {
    const auth = requireAuth(request);
    const row = await app.db.transaction(async (tx) => {
      const created = await repo.insertSubtotal(tx, body.name, body.filter, auth.userId);
      return recompute(tx, created, auth.userId, timeZone);
    });
    if (!row) throw new Error('subtotal vanished in its own transaction');
    return presentSubtotal(row);
  });

  registerRoute(app, informationRoutes.subtotalList, async ({ query }, request) => {
    requireAuth(request);
    const { rows, total } = await repo.listSubtotals(app.db, undefined, query.page, query.page_size);
    return { items: rows.map(presentSubtotal), total, page: query.page, page_size: query.page_size };
  });

  registerRoute(app, informationRoutes.subtotalDetail, async ({ params }, request) => {
    requireAuth(request);
    return loadSubtotal(params.id);
  });

  registerRoute(app, informationRoutes.subtotalVersions, async ({ params, query }, request) => {
    requireAuth(request);
    await loadSubtotal(params.id);
    const { rows, total } = await repo.listVersions(app.db, params.id, query.page, query.page_size);
    return {
      items: rows.map((row) => presentVersion(row.version, row.computerName)),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  });

  registerRoute(app, informationRoutes.subtotalRecompute, async ({ params }, request) => {
    const auth = requireAuth(request);
    const row = await app.db.transaction((tx) => recompute(tx, params.id, auth.userId, timeZone));
    if (!row) throw new AppError('notFound');
    return presentSubtotal(row);
  });
}

export const informationFeature = fp(routes, {
  name: 'information-routes',
  dependencies: ['auth', 'config', 'database'],
  encapsulate: true,
});
