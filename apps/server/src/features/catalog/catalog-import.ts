import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_FILE_KINDS, type CatalogFileKind, catalogFileName } from '@jewel/contract/values/catalog-files';
import type { Db } from '../../db/client.ts';
import { publishCatalogChange } from '../../domain/live-events.ts';
import { checkBrandList, writeBrands } from './catalog-import-brands.ts';
import { checkNamedList, writeNamedLists } from './catalog-import-named-lists.ts';
import { checkPhotoGuides, writePhotoGuides } from './catalog-import-photo-guides.ts';
import { checkProducts, writeProducts } from './catalog-import-products.ts';
import { inFileOrder, readOptional } from './catalog-import-shared.ts';
import { CatalogImportRefusedError, type CatalogProblem } from './catalog-problems.ts';

/**
 * Import of the catalog (PRODUCT.md "Operations"; in the browser, issue 28) from CSV files with a
 * header. Products:
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
 * A directory instead of a file holds `products.csv` and the lists the products refer to (each
 * optional), each added in file order after the existing entries (a known code or name is renamed
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
 *   brands.csv       brand,type[,aliases][,name_zh-Hans,name_zh-Hant,name_en,name_ja]
 *                    (one row per line of a brand; type may be empty; aliases: its other names,
 *                    `VCA|Bulgari`, from any of its rows; name_<lang>: its name in that language,
 *                    卡地亚, カルティエ, the first row's that gives one; a file without those
 *                    columns keeps each brand's)
 *   photo-guides.csv category,shot,zh-Hans,zh-Hant,en,ja,outline[,covers]
 *                    (the photo guide: a category's shots in file order; a category in the file gets
 *                    exactly the file's list, one not in it keeps its own; `outline` is one of the
 *                    contract's PHOTO_OUTLINES; `covers`, one of PHOTO_SECTIONS or empty, the
 *                    register form's photo section the shot takes; a file without the column
 *                    keeps what each shot covered)
 *
 * A file named after another list (`brands.csv`, `photo-guides.csv`…) imports just that list; in
 * the browser a manager sends any of the five files (`importCatalog`).
 *
 * Every row is checked first; one bad row refuses the whole import, and everything is then
 * written in one transaction. Each kind of file has its module (catalog-import-<kind>.ts), and
 * what they share is in catalog-import-shared.ts.
 */

/** The text of each file of an import, by kind: any of them, at least one. */
export type CatalogTexts = Partial<Record<CatalogFileKind, string>>;

/** Imports the files given, all or nothing: every row is checked before anything is written. */
export async function importCatalog(db: Db, files: CatalogTexts) {
  const problems: CatalogProblem[] = [];
  const lists = {
    categories: files.categories === undefined ? [] : checkNamedList('categories', files.categories, problems),
    materials: files.materials === undefined ? [] : checkNamedList('materials', files.materials, problems),
    brands: files.brands === undefined ? [] : checkBrandList(files.brands, problems),
    photoGuides: files['photo-guides'] === undefined ? [] : checkPhotoGuides(files['photo-guides'], problems),
  };
  if (problems.length > 0) throw new CatalogImportRefusedError(inFileOrder(problems));
  return db.transaction(async (tx) => {
    await writeNamedLists(tx, lists);
    await writeBrands(tx, lists.brands);
    const photoGuides = await writePhotoGuides(tx, lists.photoGuides);
    // Checked after the lists are written, so that products may use them; a refusal rolls them back.
    const rows = files.products === undefined ? [] : await checkProducts(tx, files.products);
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

/** The kind a file's name says (`brands.csv`), products for any other name. */
const kindOfFile = (file: string): CatalogFileKind =>
  CATALOG_FILE_KINDS.find((kind) => catalogFileName(kind) === path.basename(file)) ?? 'products';

/** Imports a CSV file, or a directory of the five lists' files (see above), all or nothing. */
export async function importProducts(db: Db, target: string) {
  if (!(await stat(target)).isDirectory())
    return importCatalog(db, { [kindOfFile(target)]: await readFile(target, 'utf8') });
  const texts = await Promise.all(
    CATALOG_FILE_KINDS.map((kind) => readOptional(path.join(target, catalogFileName(kind)))),
  );
  const files: CatalogTexts = Object.fromEntries(
    CATALOG_FILE_KINDS.flatMap((kind, index) => (texts[index] === null ? [] : [[kind, texts[index]]])),
  );
  if (files.products === undefined)
    throw new CatalogImportRefusedError([{ file: catalogFileName('products'), line: 0, reason: 'fileMissing' }]);
  return importCatalog(db, files);
}
