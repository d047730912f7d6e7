import type { tagSheetBodySchema } from '@jewel/contract/tag';
import type { Lang } from '@jewel/contract/values/i18n';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { shopIdentity, shopPublicUrl } from '../../domain/shop.ts';
import { AppError } from '../../lib/app-error.ts';
import { verificationUrl } from '../../lib/qr.ts';
import * as repo from './tag.repository.ts';
import { tagSheetPdf } from './tag-sheet-pdf.ts';

/*
 * Item tags and the scan (docs/decisions.md "Item tags and the scan"): each item gets one tag
 * link the first time it is printed, and keeps it, so that a reprinted label carries the same QR
 * as the one already stuck on the item.
 */

export interface TagDeps {
  db: Db;
  publicUrl: string | undefined;
}

/**
 * The labels of the chosen items as a PDF. Every item must be one the caller may see, or
 * nothing is made: the refusal names the first that is not.
 */
export async function sheet(
  deps: TagDeps,
  viewer: repo.Viewer,
  body: z.output<typeof tagSheetBodySchema>,
  request: { protocol: string; host: string },
  lang: Lang,
) {
  const items = await repo.findItems(deps.db, viewer, body.ids);
  const byId = new Map(items.map((item) => [item.id, item]));
  const missing = body.ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new AppError('tagItemNotFound', { params: { id: missing }, data: { id: missing } });
  const tags = await repo.ensureTags(deps.db, body.ids, viewer.userId);
  const publicUrl = await shopPublicUrl(deps.db, deps.publicUrl);
  const labels = body.ids.map((id) => {
    const item = byId.get(id) as repo.TagItem;
    const tag = tags.get(id) as string;
    return {
      no: item.no,
      brand: item.brand,
      productName: item.productName,
      url: verificationUrl(publicUrl, request, tag),
    };
  });
  const sheetLang = body.lang ?? lang;
  const shop = await shopIdentity(deps.db, sheetLang);
  const bytes = await tagSheetPdf(labels, sheetLang, {
    shopName: shop.name,
    issuer: [shop.name, shop.licence, shop.contact].filter(Boolean).join(' · '),
    watermark: shop.watermark,
    layout: body.layout,
    startAt: body.start_at,
  });
  const first = labels[0]?.no ?? 'tags';
  return { fileName: `tags_${first}${labels.length > 1 ? `_${labels.length}` : ''}.pdf`, body: bytes };
}

/** The item a scanned verification id belongs to; not found when it is none the caller may see. */
export async function resolve(deps: TagDeps, viewer: repo.Viewer, linkId: string) {
  const item = await repo.findLinkedItem(deps.db, viewer, linkId);
  if (!item) throw new AppError('scanNotFound');
  return { commodity_id: item.id, no: item.no };
}
