import type { commodityUpdateSchema, confirmNameSchema, recycleSchema } from '@jewel/contract/commodity';
import { FLOW_STATUS, IS_RECYCLE } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS, type CommodityStatus } from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import type { z } from 'zod';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { matchWatchList, refuseBuybackOnWatchMatch } from '../../domain/watch-match.ts';
import { recordBuyback } from './buyback.service.ts';
import * as repo from './commodity.repository.ts';
import { commodityColumns } from './commodity.service.ts';
import { diff, run } from './commodity-action-frame.ts';
import { checkReferences, invalidField } from './commodity-checks.ts';

// The recorder's actions on the item's record: its update (back to the valuer after a return),
// the catalog name confirmed, and the outcome: bought back or returned to the customer.

const S = COMMODITY_STATUS;

export function update(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof commodityUpdateSchema>,
) {
  return run(deps, viewer, lang, id, 'update', body.version, async (tx, { commodity }) => {
    const kept = new Set(
      [
        commodity.sizePics,
        commodity.weightPics,
        commodity.productPics,
        commodity.accessoryPics,
        commodity.engravingPics,
        commodity.inlayPics,
        commodity.materialPics,
      ].flat(),
    );
    await checkReferences(tx, [{ path: '', fields: body, keptPhotos: kept }], viewer.userId, commodity.branchId);
    const enrollment = await repo.findEnrollment(tx, commodity.enrollmentId);
    const customer = {
      customerName: body.customer_name,
      customerPhone: body.customer_phone,
      customerAddress: body.customer_address,
    };
    await repo.updateEnrollment(tx, commodity.enrollmentId, customer);
    const columns = commodityColumns(body);
    const changes = {
      ...diff(commodity, columns),
      ...(enrollment ? diff(enrollment, customer) : {}),
    };
    if ('serial_no' in changes || 'engraving' in changes) {
      const marked = { ...commodity, serialNo: columns.serialNo, engraving: columns.engraving };
      await matchWatchList(tx, { commodities: [marked] }, 'update', viewer.userId);
    }
    if (commodity.status !== S.toBeModified) return { to: commodity.status as CommodityStatus, set: columns, changes };
    // Back to the same valuer, whose next appraisal is a new step of the round.
    if (commodity.valuerId !== null) {
      await repo.insertFlow(tx, {
        commodityId: commodity.id,
        round: commodity.round,
        step: 'first',
        valuerId: commodity.valuerId,
        status: FLOW_STATUS.pending,
      });
    }
    return { to: S.pendingAppraisal, set: { ...columns, modificationReason: null }, changes };
  });
}

export function confirmName(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof confirmNameSchema>,
) {
  return run(deps, viewer, lang, id, 'confirmName', body.version, async (tx, { commodity }) => {
    const product = (await repo.findProducts(tx, [body.product_id])).get(body.product_id);
    if (!product) throw invalidField('product_id');
    const naming = { productId: product.id, productName: product.name, productCode: product.code };
    return { to: commodity.status as CommodityStatus, set: naming, changes: diff(commodity, naming) };
  });
}

export async function recycle(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof recycleSchema>,
) {
  await refuseBuybackOnWatchMatch(deps, viewer, id, body.is_recycle);
  return run(deps, viewer, lang, id, 'recycle', body.version, async (tx, { commodity }) => {
    const bought = body.is_recycle === IS_RECYCLE.yes;
    const price = bought ? body.price : null;
    const currency = bought ? body.currency : null;
    const now = new Date();
    // A buyback is lawful only with the seller's signature and, by the shop's rule, identity check;
    // it writes the dealer's ledger entry (docs/decisions.md "Buying lawfully"). A return writes none.
    const lawful =
      bought && price !== null && currency !== null
        ? await recordBuyback(tx, deps.config, viewer, commodity, { ...body, price, currency }, now)
        : null;
    return {
      to: bought ? S.recycled : S.returned,
      set: { isRecycle: body.is_recycle, recyclePrice: price, recycleCurrency: currency, recycledAt: now },
      changes: {
        is_recycle: body.is_recycle,
        price,
        currency,
        ...(lawful ? { ledger_entry_id: lawful.ledgerEntryId, identity_check_id: lawful.identityCheckId } : {}),
      },
    };
  });
}
