import type { CatalogListQuery, ProductsQuery } from '@jewel/contract/catalog';
import type {
  BrandChange,
  NamedEntryChange,
  NamedEntryRecord,
  ProductInput,
  WorkflowChange,
  WorkflowRecord,
} from '@jewel/contract/catalog-admin';
import type { NamedListKind } from '@jewel/contract/values/catalog-files';
import { REPLENISH_STATUS } from '@jewel/contract/values/dictionary';
import { LANGS } from '@jewel/contract/values/i18n';
import { STANDARD_WORKFLOW, workflowSteps } from '@jewel/contract/values/workflows';
import { and, asc, count, desc, eq, gte, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { brands, brandTypes, categories, materials, photoGuideShots, products, workflows } from '../../db/schema.ts';
import { publishCatalogChange } from '../../domain/live-events.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/like.ts';
import { nextSort } from './catalog-import-shared.ts';

/**
 * Retiring (issue 28 item 5): a retired brand, brand line, category, material or workflow keeps
 * its row, so that every item, product and inquiry naming it still shows its name; it is left out
 * of the pickers' answers unless they ask for retired ones too. `retiredAt` keeps when it first was.
 */
const retiredAtSet = (column: AnyPgColumn, retired: boolean | undefined) =>
  retired === undefined ? {} : { retiredAt: retired ? sql`coalesce(${column}, now())` : null };

export function listBrands(db: Db, query: CatalogListQuery = {}) {
  return db
    .select({
      id: brands.id,
      name: brands.name,
      names: brands.names,
      logo: brands.logo,
      aliases: brands.aliases,
      retired: sql<boolean>`${brands.retiredAt} is not null`,
    })
    .from(brands)
    .where(query.with_retired ? undefined : isNull(brands.retiredAt))
    .orderBy(asc(brands.sort), asc(brands.id));
}

export async function brandExists(db: Db, id: number) {
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).limit(1);
  return Boolean(row);
}

/** A brand's lines: retired ones only when asked for too (its form, what names them). */
export function listBrandTypes(db: Db, brandId: number, query: CatalogListQuery = {}) {
  return db
    .select({
      id: brandTypes.id,
      name: brandTypes.name,
      brand_id: brandTypes.brandId,
      retired: sql<boolean>`${brandTypes.retiredAt} is not null`,
    })
    .from(brandTypes)
    .where(and(eq(brandTypes.brandId, brandId), query.with_retired ? undefined : isNull(brandTypes.retiredAt)))
    .orderBy(asc(brandTypes.sort), asc(brandTypes.id));
}

export function listCategories(db: Db, query: CatalogListQuery = {}) {
  return db
    .select()
    .from(categories)
    .where(query.with_retired ? undefined : isNull(categories.retiredAt))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** Every category's photo guide shots, in order. */
export function listPhotoGuideShots(db: Db) {
  return db
    .select({
      categoryId: photoGuideShots.categoryId,
      code: photoGuideShots.code,
      name: photoGuideShots.name,
      outline: photoGuideShots.outline,
      covers: photoGuideShots.covers,
    })
    .from(photoGuideShots)
    .orderBy(asc(photoGuideShots.sort), asc(photoGuideShots.id));
}

export function listMaterials(db: Db, query: CatalogListQuery = {}) {
  return db
    .select()
    .from(materials)
    .where(query.with_retired ? undefined : isNull(materials.retiredAt))
    .orderBy(asc(materials.sort), asc(materials.id));
}

/** The workflows a distribution offers: retired ones only when asked for too (the managers' list). */
export function listWorkflows(db: Db, query: CatalogListQuery = {}) {
  return db
    .select()
    .from(workflows)
    .where(query.with_retired ? undefined : isNull(workflows.retiredAt))
    .orderBy(asc(workflows.id));
}

function presentWorkflow(row: typeof workflows.$inferSelect): WorkflowRecord {
  return {
    id: row.id,
    code: row.code,
    name: { ...row.name },
    reconsideration: row.steps.includes('reconsideration'),
    retired: row.retiredAt !== null,
    standard: row.code === STANDARD_WORKFLOW,
  };
}

/** Every workflow as entered, retired ones too, for the managers' list and forms. */
export async function workflowRecords(db: Db): Promise<WorkflowRecord[]> {
  return (await listWorkflows(db, { with_retired: 1 })).map(presentWorkflow);
}

/**
 * Adds a workflow (`id` null) or changes one (issue 28 item 5): a code no other workflow has; the
 * standard one keeps its code and its reconsideration and is never retired, since a distribution
 * that names none follows it. Items keep the workflow they follow. Null when there is no such one.
 */
export function saveWorkflow(db: Db, id: number | null, input: WorkflowChange) {
  return db.transaction(async (tx) => {
    const [twin] = await tx
      .select({ id: workflows.id })
      .from(workflows)
      .where(and(eq(workflows.code, input.code), id === null ? undefined : ne(workflows.id, id)));
    if (twin) throw new AppError('listCodeTaken', { params: { code: input.code }, data: { field: 'code' } });
    if (id !== null) {
      const [old] = await tx.select({ code: workflows.code }).from(workflows).where(eq(workflows.id, id)).for('update');
      if (!old) return null;
      const fixed =
        input.code !== STANDARD_WORKFLOW
          ? 'code'
          : !input.reconsideration
            ? 'reconsideration'
            : input.retired
              ? 'retired'
              : null;
      if (old.code === STANDARD_WORKFLOW && fixed)
        throw new AppError('workflowStandardFixed', { data: { field: fixed } });
    }
    const columns = {
      code: input.code,
      name: input.name,
      steps: workflowSteps(input.reconsideration),
      ...retiredAtSet(workflows.retiredAt, input.retired),
    };
    const [saved] =
      id === null
        ? await tx.insert(workflows).values(columns).returning()
        : await tx.update(workflows).set(columns).where(eq(workflows.id, id)).returning();
    if (!saved) return null;
    await publishCatalogChange(tx);
    return presentWorkflow(saved);
  });
}

function selectProducts(db: Db) {
  return db
    .select({
      id: products.id,
      name: products.name,
      names: products.names,
      code: products.code,
      brand_id: products.brandId,
      brand_name: brands.name,
      type_id: products.typeId,
      category_id: products.categoryId,
      material_id: products.materialId,
      image: products.image,
      replenish_status: products.replenishStatus,
      retired: sql<boolean>`${products.retiredAt} is not null`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId));
}

/**
 * Writes `set` on one product, telling every instance at commit; answers it as the lists show it,
 * null when there is no such product.
 */
function updateProduct(db: Db, id: number, set: PgUpdateSetSource<typeof products>) {
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(products).set(set).where(eq(products.id, id)).returning({ id: products.id });
    if (!updated) return null;
    await publishCatalogChange(tx);
    const [product] = await selectProducts(tx).where(eq(products.id, id));
    return product ?? null;
  });
}

/** Sets a product's restock status; null when there is no such product. */
export const setReplenishStatus = (db: Db, id: number, status: number) =>
  updateProduct(db, id, { replenishStatus: status });

export async function listProducts(db: Db, query: ProductsQuery) {
  const pattern = query.keyword ? containsPattern(query.keyword) : '';
  const filters: (SQL | undefined)[] = [
    query.brand_id ? eq(products.brandId, query.brand_id) : undefined,
    query.type_id ? eq(products.typeId, query.type_id) : undefined,
    query.category_id ? eq(products.categoryId, query.category_id) : undefined,
    query.material_id ? eq(products.materialId, query.material_id) : undefined,
    query.replenish_status === undefined ? undefined : eq(products.replenishStatus, query.replenish_status),
    query.restock ? gte(products.replenishStatus, REPLENISH_STATUS.wanted) : undefined,
    query.with_retired ? undefined : isNull(products.retiredAt),
    pattern
      ? or(
          ilike(products.name, pattern),
          // A name in any language finds the product, whichever language the searcher reads.
          ...LANGS.map((lang) => ilike(sql`${products.names}->>${lang}`, pattern)),
          ilike(products.code, pattern),
          ilike(brands.name, pattern),
          // And the brand's names in each language and other names: 卡地 finds Cartier's products.
          ...LANGS.map((lang) => ilike(sql`${brands.names}->>${lang}`, pattern)),
          sql`exists (select 1 from jsonb_array_elements_text(${brands.aliases}) as alias where alias ilike ${pattern})`,
        )
      : undefined,
  ];
  const where = and(...filters);
  const order = query.restock
    ? [desc(products.replenishStatus), asc(brands.sort), asc(products.id)]
    : [asc(brands.sort), asc(products.id)];
  const [items, [totals]] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(products).innerJoin(brands, eq(brands.id, products.brandId)).where(where),
  ]);
  return { items, total: totals?.total ?? 0, page: query.page, page_size: query.page_size };
}

/** One product as entered (its form), or null. */
export async function productRecord(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  return {
    id: row.id,
    brand_id: row.brandId,
    type_id: row.typeId,
    category_id: row.categoryId,
    material_id: row.materialId,
    name: row.name,
    names: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '', ...row.names },
    code: row.code,
    retired: row.retiredAt !== null,
  };
}

/**
 * Refuses a product whose brand, line (of that brand), category or material is not in the
 * catalog, or whose code another product of the brand has (`except`: the product changed).
 */
async function checkProduct(tx: Db, input: ProductInput, except: number | null) {
  const one = async (found: Promise<unknown[]>, field: string) => {
    if ((await found).length === 0) throw new AppError('catalogReferenceUnknown', { data: { field } });
  };
  await one(tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id)), 'brand_id');
  if (input.type_id !== null)
    await one(
      tx
        .select({ id: brandTypes.id })
        .from(brandTypes)
        .where(and(eq(brandTypes.id, input.type_id), eq(brandTypes.brandId, input.brand_id))),
      'type_id',
    );
  await one(
    tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id)),
    'category_id',
  );
  if (input.material_id !== null)
    await one(
      tx.select({ id: materials.id }).from(materials).where(eq(materials.id, input.material_id)),
      'material_id',
    );
  if (!input.code) return;
  const [twin] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.brandId, input.brand_id),
        eq(products.code, input.code),
        except === null ? undefined : ne(products.id, except),
      ),
    );
  if (twin) throw new AppError('productCodeTaken', { params: { code: input.code }, data: { field: 'code' } });
}

/** Names only in the languages given. */
const givenNames = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).filter(([, name]) => name));

/** The columns a product's input writes: names only in the languages given. */
const productColumns = (input: ProductInput) => ({
  brandId: input.brand_id,
  typeId: input.type_id,
  categoryId: input.category_id,
  materialId: input.material_id,
  name: input.name,
  names: givenNames(input.names),
  code: input.code,
});

/** Adds a product (`id` null) or changes one; answers it as the lists show it, null when there is no such product. */
export function saveProduct(db: Db, id: number | null, input: ProductInput) {
  return db.transaction(async (tx) => {
    await checkProduct(tx, input, id);
    const [saved] =
      id === null
        ? await tx.insert(products).values(productColumns(input)).returning({ id: products.id })
        : await tx
            .update(products)
            .set(productColumns(input))
            .where(eq(products.id, id))
            .returning({ id: products.id });
    if (!saved) return null;
    await publishCatalogChange(tx);
    const [product] = await selectProducts(tx).where(eq(products.id, saved.id));
    return product ?? null;
  });
}

/** Retires a product (keeping when it first was) or brings it back; null when there is no such product. */
export const setRetired = (db: Db, id: number, retired: boolean) =>
  updateProduct(db, id, { retiredAt: retired ? sql`coalesce(${products.retiredAt}, now())` : null });

/** One brand as entered (its form), with every line in the pickers' order; null when there is none. */
export async function brandRecord(db: Db, id: number) {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  if (!row) return null;
  const lines = await listBrandTypes(db, id, { with_retired: 1 });
  return {
    id: row.id,
    name: row.name,
    names: { ...row.names },
    aliases: row.aliases,
    lines: lines.map(({ id, name, retired }) => ({ id, name, retired })),
    retired: row.retiredAt !== null,
  };
}

/**
 * Adds a brand (`id` null) or changes one: its name (no other brand's, in any case), its other
 * names, and its lines, each with an id renamed (it must be this brand's), each without added
 * after the others. Null when there is no such brand.
 */
export function saveBrand(db: Db, id: number | null, input: BrandChange) {
  return db.transaction(async (tx) => {
    const [twin] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(sql`lower(${brands.name}) = lower(${input.name})`, id === null ? undefined : ne(brands.id, id)));
    if (twin) throw new AppError('brandNameTaken', { params: { name: input.name }, data: { field: 'name' } });
    const columns = {
      name: input.name,
      aliases: input.aliases,
      ...(input.names === undefined ? {} : { names: givenNames(input.names) }),
      ...retiredAtSet(brands.retiredAt, input.retired),
    };
    const [saved] =
      id === null
        ? await tx
            .insert(brands)
            .values({ ...columns, sort: await nextSort(tx, brands.sort) })
            .returning({ id: brands.id })
        : await tx.update(brands).set(columns).where(eq(brands.id, id)).returning({ id: brands.id });
    if (!saved) return null;
    const known = new Map(
      (await listBrandTypes(tx, saved.id, { with_retired: 1 })).map((line) => [line.id, line.name]),
    );
    // A name must stay one line's: compared with the lines kept as they are too.
    const kept = [...known].filter(([lineId]) => !input.lines.some((line) => line.id === lineId));
    let sort =
      (
        await tx
          .select({ sort: sql<number>`coalesce(max(${brandTypes.sort}), 0)` })
          .from(brandTypes)
          .where(eq(brandTypes.brandId, saved.id))
      )[0]?.sort ?? 0;
    for (const [index, line] of input.lines.entries()) {
      if (line.id !== null && !known.has(line.id))
        throw new AppError('catalogReferenceUnknown', { data: { field: `lines.${index}.id` } });
      if (kept.some(([, name]) => name.toLowerCase() === line.name.toLowerCase()))
        throw new AppError('validation', {
          params: { field: `lines.${index}.name` },
          data: { field: `lines.${index}.name` },
        });
      // A new line is in the catalog; an existing one may be retired or brought back.
      if (line.id === null) {
        sort += 1;
        await tx.insert(brandTypes).values({ brandId: saved.id, name: line.name, sort });
      } else if (known.get(line.id) !== line.name || line.retired !== undefined) {
        await tx
          .update(brandTypes)
          .set({ name: line.name, ...retiredAtSet(brandTypes.retiredAt, line.retired) })
          .where(eq(brandTypes.id, line.id));
      }
    }
    await publishCatalogChange(tx);
    return brandRecord(tx, saved.id);
  });
}

const namedTables = { categories, materials } as const;

type NamedRow = typeof categories.$inferSelect & { purity?: number | null };

function presentEntry(row: NamedRow): NamedEntryRecord {
  return {
    id: row.id,
    code: row.code,
    name: { ...row.name },
    purity: row.purity ?? null,
    id_check_any_price: row.idCheckAnyPrice,
    precious: row.precious,
    retired: row.retiredAt !== null,
  };
}

/** Every category or material as entered, retired ones too, in the pickers' order. */
export async function listEntries(db: Db, kind: NamedListKind): Promise<NamedEntryRecord[]> {
  const every = { with_retired: 1 };
  const rows = kind === 'categories' ? await listCategories(db, every) : await listMaterials(db, every);
  return rows.map(presentEntry);
}

/**
 * Adds a category or material (`id` null) or changes one: its code no other entry of the list
 * has; a category never has a purity. Null when there is no such entry.
 */
export function saveEntry(db: Db, kind: NamedListKind, id: number | null, input: NamedEntryChange) {
  const table = namedTables[kind];
  return db.transaction(async (tx) => {
    const [twin] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.code, input.code), id === null ? undefined : ne(table.id, id)));
    if (twin) throw new AppError('listCodeTaken', { params: { code: input.code }, data: { field: 'code' } });
    if (kind === 'categories' && input.purity !== null)
      throw new AppError('validation', { params: { field: 'purity' }, data: { field: 'purity' } });
    const columns = {
      code: input.code,
      name: input.name,
      idCheckAnyPrice: input.id_check_any_price,
      precious: input.precious,
      ...(kind === 'materials' ? { purity: input.purity } : {}),
      ...retiredAtSet(table.retiredAt, input.retired),
    };
    const [saved] =
      id === null
        ? await tx
            .insert(table)
            .values({ ...columns, sort: await nextSort(tx, table.sort) })
            .returning()
        : await tx.update(table).set(columns).where(eq(table.id, id)).returning();
    if (!saved) return null;
    await publishCatalogChange(tx);
    return presentEntry(saved);
  });
}
