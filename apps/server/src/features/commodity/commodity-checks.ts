import type { commodityInputSchema } from '@jewel/contract/commodity';
import { PHOTO_FIELDS } from '@jewel/contract/values/commodity';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { storedName, uploadOwners } from '../../domain/photo-owners.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './commodity.repository.ts';

export type CommodityFields = Omit<z.output<typeof commodityInputSchema>, 'valuer_id'> & { valuer_id?: number | null };

/** A refusal naming the field, shaped like the schema validation's. */
export function invalidField(field: string): AppError {
  return new AppError('validation', { params: { field }, data: { field } });
}

interface CheckedCommodity {
  /** Where the commodity sits in the body, e.g. `commodities.2`; empty for a body that is one commodity. */
  path: string;
  fields: CommodityFields;
  /** Photos already on the commodity (an update may keep them whoever uploaded them). */
  keptPhotos?: ReadonlySet<string>;
}

/**
 * The photo guide's shot of each product photo: as many as the photos (or none told), each one
 * of the category's shots or '' for an extra photo (docs/decisions.md "The photo guide").
 */
function checkPicShots(c: CommodityFields, codes: ReadonlySet<string> | undefined, at: (field: string) => string) {
  const shots = c.product_pic_shots;
  if (shots.length === 0) return;
  if (shots.length !== c.product_pics.length) {
    throw new AppError('photoShotsMismatch', { data: { field: at('product_pic_shots') } });
  }
  shots.forEach((shot, index) => {
    if (shot !== '' && !codes?.has(shot)) {
      throw new AppError('photoShotUnknown', { params: { shot }, data: { field: at(`product_pic_shots.${index}`) } });
    }
  });
}

/**
 * The references of the submitted commodities exist and fit together: brand, its type, category,
 * material, catalog product, an enabled valuer of the items' branch, and photos stored by our upload (new ones
 * uploaded by the caller). The first failure is refused, naming its field.
 */
export async function checkReferences(db: Db, items: CheckedCommodity[], callerId: number, branchId: number) {
  const all = items.map((item) => item.fields);
  const ids = (pick: (c: CommodityFields) => number | null | undefined) => [
    ...new Set(all.map(pick).filter((id): id is number => typeof id === 'number')),
  ];
  const photos = [...new Set(all.flatMap((c) => PHOTO_FIELDS.flatMap((field) => c[field])))];
  // One after another: inside a transaction the queries share one connection.
  const brands = await repo.existingBrands(
    db,
    ids((c) => c.brand_id),
  );
  const types = await repo.typeBrands(
    db,
    ids((c) => c.type_id),
  );
  const categories = await repo.existingCategories(
    db,
    ids((c) => c.category_id),
  );
  const shotCodes = await repo.categoryShotCodes(
    db,
    ids((c) => (c.product_pic_shots.length > 0 ? c.category_id : null)),
  );
  const materials = await repo.existingMaterials(
    db,
    ids((c) => c.material_id),
  );
  const products = await repo.findProducts(
    db,
    ids((c) => c.product_id),
  );
  const owners = await uploadOwners(db, photos.map(storedName));
  const valuers = new Set<number>();
  for (const id of ids((c) => c.valuer_id)) if (await repo.findEnabledValuer(db, id, branchId)) valuers.add(id);

  for (const { path, fields: c, keptPhotos } of items) {
    const at = (field: string) => (path ? `${path}.${field}` : field);
    if (!brands.has(c.brand_id)) throw invalidField(at('brand_id'));
    if (c.type_id !== null && types.get(c.type_id) !== c.brand_id) throw invalidField(at('type_id'));
    if (!categories.has(c.category_id)) throw invalidField(at('category_id'));
    checkPicShots(c, shotCodes.get(c.category_id), at);
    if (c.material_id !== null && !materials.has(c.material_id)) throw invalidField(at('material_id'));
    if (c.product_id !== null && !products.has(c.product_id)) throw invalidField(at('product_id'));
    if (typeof c.valuer_id === 'number' && !valuers.has(c.valuer_id)) throw invalidField(at('valuer_id'));
    for (const field of PHOTO_FIELDS) {
      c[field].forEach((photo, index) => {
        if (keptPhotos?.has(photo)) return;
        if (owners.get(storedName(photo)) !== callerId) throw invalidField(at(`${field}.${index}`));
      });
    }
  }
}
