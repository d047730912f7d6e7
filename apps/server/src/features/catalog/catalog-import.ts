import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { publishCatalogChange } from '../../domain/live-events.ts';
import { type ImportProblem, ImportRefusedError } from '../../lib/import-refused.ts';
import { type BrandEntry, checkBrandList, writeBrands } from './catalog-import-brands.ts';
import { checkNamedList, type NamedEntry, writeNamedLists } from './catalog-import-named-lists.ts';
import {
  checkPhotoGuides,
  type GuideShot,
  importPhotoGuides,
  writePhotoGuides,
} from './catalog-import-photo-guides.ts';
import { checkProducts, writeProducts } from './catalog-import-products.ts';
import { CATALOG_FILES, inFileOrder, readOptional } from './catalog-import-shared.ts';

/**
 * Operator import of catalog products (PRODUCT.md "Operations") from a CSV file with a header:
 *
 *   brand,type,category,material,name,code,replenish_status
 *   Cartier,Love,bracelet,gold_18k,"Love bracelet, 18K yellow gold",B6035517,1
 *
 * `brand` is a brand's name and `type` one of its lines (optional); `category` and `material`
 * (optional) are codes; `replenish_status` is 0, 1 or 2 (empty: 0). A product with the same brand
 * and code is updated, any other is added. Optional columns: `name_zh-Hans`, `name_zh-Hant`,
 * `name_en`, `name_ja` (the name in that language; `name` is shown where one is empty) and
 * `image` (an in-app path of its picture, `/products/ring.svg`).
 *
 * A directory instead of a file holds `products.csv` and, optionally, the lists the products
 * refer to, each added in file order after the existing entries (a known code or name is renamed
 * or kept):
 *
 *   categories.csv   code,zh-Hans,zh-Hant,en,ja[,id_check_any_price][,precious]
 *   materials.csv    code,zh-Hans,zh-Hant,en,ja,purity[,id_check_any_price][,precious]
 *                    (purity: fine-metal share, 0.75 for 18K; empty for non-metals.
 *                    id_check_any_price: 1 when the seller's identity is checked whatever the price,
 *                    古物営業法施行規則 §16's goods or the shop's policy; 0 or empty otherwise; a file
 *                    without the column keeps each entry's flag.
 *                    precious: 1 for a precious metal or stone of 犯罪収益移転防止法 (施行令 §4) or goods of
 *                    them: cash above AML_CASH_THRESHOLD needs the verification at transaction; kept the
 *                    same way)
 *   brands.csv       brand,type                            (one row per line of a brand; type may be empty)
 *   photo-guides.csv category,shot,zh-Hans,zh-Hant,en,ja,outline
 *                    (the photo guide: a category's shots in file order; a category in the file gets
 *                    exactly the file's list, one not in it keeps its own; `outline` is one of the
 *                    contract's PHOTO_OUTLINES)
 *
 * A file named `photo-guides.csv` given alone imports just the photo guide.
 *
 * Every row is checked first; one bad row refuses the whole import, and everything is then
 * written in one transaction. Each kind of file has its module (catalog-import-<kind>.ts), and
 * what they share is in catalog-import-shared.ts.
 */

interface Lists {
  categories: NamedEntry[];
  materials: NamedEntry[];
  brands: BrandEntry[];
  /** The photo guide's rows, checked but for their category (which the same import may add). */
  photoGuides: GuideShot[];
}

/** The optional list files of an import directory, checked; problems go to `problems`. */
async function checkLists(dir: string, problems: ImportProblem[]): Promise<Lists> {
  const read = (name: string) => readOptional(path.join(dir, name));
  const [categoryText, materialText, brandText, guideText] = await Promise.all([
    read(CATALOG_FILES.categories),
    read(CATALOG_FILES.materials),
    read(CATALOG_FILES.brands),
    read(CATALOG_FILES.photoGuides),
  ]);
  return {
    categories: categoryText === null ? [] : checkNamedList(CATALOG_FILES.categories, categoryText, false, problems),
    materials: materialText === null ? [] : checkNamedList(CATALOG_FILES.materials, materialText, true, problems),
    brands: brandText === null ? [] : checkBrandList(CATALOG_FILES.brands, brandText, problems),
    photoGuides: guideText === null ? [] : checkPhotoGuides(CATALOG_FILES.photoGuides, guideText, problems),
  };
}

/** Imports a products CSV file, or a directory of `products.csv` and optional lists (see above), all or nothing. */
export async function importProducts(db: Db, target: string) {
  const problems: ImportProblem[] = [];
  const isDirectory = (await stat(target)).isDirectory();
  if (!isDirectory && path.basename(target) === CATALOG_FILES.photoGuides) return importPhotoGuides(db, target);
  const lists = isDirectory
    ? await checkLists(target, problems)
    : { categories: [], materials: [], brands: [], photoGuides: [] };
  const productsFile = isDirectory ? path.join(target, CATALOG_FILES.products) : target;
  const productsText = await readOptional(productsFile);
  if (productsText === null)
    problems.push({ file: path.basename(productsFile), line: 0, message: 'the file is missing' });
  if (problems.length > 0 || productsText === null) throw new ImportRefusedError(inFileOrder(problems));
  return db.transaction(async (tx) => {
    await writeNamedLists(tx, lists);
    await writeBrands(tx, lists.brands);
    const photoGuides = await writePhotoGuides(tx, lists.photoGuides);
    // Checked after the lists are written, so that products may use them; a refusal rolls them back.
    const rows = await checkProducts(tx, path.basename(productsFile), productsText);
    const created = await writeProducts(tx, rows);
    // Every instance drops the product answers it keeps (catalog.routes) when this commits.
    await publishCatalogChange(tx);
    return {
      rows: rows.length,
      created,
      updated: rows.length - created,
      categories: lists.categories.length,
      materials: lists.materials.length,
      brands: lists.brands.length,
      photo_guides: photoGuides,
    };
  });
}
