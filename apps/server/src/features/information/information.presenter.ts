import type { InformationDetail, InformationRow, Subtotal, SubtotalVersion } from '@jewel/contract/information';
import type { Lang } from '@jewel/contract/values/i18n';
import type { subtotalVersions } from '../../db/schema.ts';
import { localize } from '../../i18n/localize.ts';
import { translate } from '../../i18n/messages.ts';
import type * as repo from './information.repository.ts';

/** The thumbnail the upload feature stores beside each photo: `<name>-thumb.<ext>`. */
function thumbOf(photo: string | null): string {
  return photo ? photo.replace(/\.(\w+)$/, '-thumb.$1') : '';
}

export function presentRow(row: repo.InformationDbRow, lang: Lang): InformationRow {
  return {
    id: row.id,
    no: row.no,
    status: row.status,
    brand: { id: row.brandId, name: row.brandName },
    category: { id: row.categoryId, name: translate(row.categoryName, lang) },
    product:
      row.productId !== null && row.catalogName !== null
        ? { id: row.productId, name: localize(row.catalogNames ?? {}, lang, row.catalogName) }
        : null,
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

export function presentVersion(version: typeof subtotalVersions.$inferSelect, computerName: string): SubtotalVersion {
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

export function presentSubtotal(row: repo.SubtotalDbRow): Subtotal {
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

export function presentDetail(
  found: NonNullable<Awaited<ReturnType<typeof repo.findRow>>>,
  lang: Lang,
): InformationDetail {
  const { flow } = found;
  return {
    ...presentRow(found.listed, lang),
    not_genuine_reason: flow.notGenuineReason,
    expected_sale_price: flow.expectedSalePrice,
    report: flow.report ?? '',
    valuer: { id: flow.valuerId, name: found.valuerName },
    recorder: { id: found.row.recorderId, name: found.recorderName },
    round: found.row.round,
    recycled_at: found.row.recycledAt?.toISOString() ?? null,
    product_pics: found.row.productPics,
  };
}
