import type { Inquiry } from '@jewel/contract/inquiry';
import type { Lang } from '@jewel/contract/values/i18n';
import { ESTIMATE_STATUS } from '@jewel/contract/values/inquiry-status';
import { maskName, seesCustomerWhole } from '@jewel/contract/values/personal-data';
import type { RoleCode } from '@jewel/contract/values/roles';
import { localize } from '../../i18n/localize.ts';
import type { InquiryRow } from './inquiry.repository.ts';

/**
 * An inquiry as `role` may see it, in `lang`: a valuer estimates without the customer's name or
 * contact; the linked catalog product is named in the reader's language (`localize`).
 */
export function presentInquiry(
  { inquiry: row, recorderName, valuerName, brandName, productName, productNames }: InquiryRow,
  role: RoleCode,
  lang: Lang,
): Inquiry {
  const whole = seesCustomerWhole(role);
  const estimated =
    row.estimateStatus === ESTIMATE_STATUS.estimated && row.valuerId !== null && row.estimatedAt !== null;
  return {
    id: row.id,
    customer_name: whole ? row.customerName : maskName(row.customerName),
    contact: whole ? row.contact : '',
    brand: row.brandId !== null && brandName !== null ? { id: row.brandId, name: brandName } : null,
    product:
      row.productId !== null && productName !== null
        ? { id: row.productId, name: localize(productNames ?? {}, lang, productName) }
        : null,
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
