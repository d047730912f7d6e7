import { randomUUID } from 'node:crypto';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { commodities, enrollments, identifyFlows, workflows } from '../db/schema.ts';
import { FIRST_BRANCH } from '../domain/branches.ts';
import { photoUpload } from './photo-upload.ts';
import { bearer, DEMO, type TestContext } from './test-app.ts';

export { photoUpload } from './photo-upload.ts';
export { verdict } from './verdict.ts';

export interface Person {
  token: string;
  id: number;
  name: string;
}

export interface Kit {
  recorder: Person;
  valuer1: Person;
  valuer2: Person;
  valuer3: Person;
  /** Stored photo paths, uploaded once by the recorder. */
  photos: string[];
  brandId: number;
  otherBrandId: number;
  typeId: number;
  /** A type of another brand. */
  foreignTypeId: number;
  categoryId: number;
  materialId: number;
  productId: number;
}

async function person(ctx: TestContext, token: string): Promise<Person> {
  const info = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) })).data;
  return { token, id: info.id, name: info.name };
}

/** A photo uploaded by `token`'s user, with any text fields (`flag`); answers its path. */
export async function uploadPhoto(
  ctx: TestContext,
  token: string,
  color: number,
  fields: Record<string, string> = {},
): Promise<string> {
  const { payload, contentType } = await photoUpload(color, fields);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
  return ctx.json(response).data.url;
}

/** A private upload (`document` or `signature`) by `token`'s user; answers its stored name. */
export async function uploadPrivate(ctx: TestContext, token: string, kind: 'document' | 'signature', color = 200) {
  const { payload, contentType } = await photoUpload(color, { kind });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/private',
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
  const name = ctx.json(response).data?.name;
  if (typeof name !== 'string') throw new Error(`private upload failed: ${response.body}`);
  return name;
}

/**
 * What a buyback ("confirm recycle" with `is_recycle: 1`) must carry besides the price: the
 * seller's signature and identity check, uploaded now by `token`'s user (a staff recorder).
 */
export async function buybackProof(ctx: TestContext, token: string, identity: Record<string, unknown> = {}) {
  return {
    // The declaration rendered in this language by the server (issue 27 item 4); no text: not compared.
    declaration_lang: 'zh-Hans' as const,
    // How the seller is paid (issue 27 item 2): required on every buyback.
    payment_method: 'cash' as const,
    signature: await uploadPrivate(ctx, token, 'signature', 30),
    identity: {
      document_type: 'drivers_licence',
      document_number: 'DL-4455-1234',
      document_pics: [await uploadPrivate(ctx, token, 'document', 220)],
      name: '张女士',
      address: '上海市徐汇区',
      occupation: '会社員',
      birth_date: '1980-04-01',
      ...identity,
    },
  };
}

/**
 * The kit of the demo's recorder and three valuers, or of a set-up shop's when `tokens` are given
 * (its recorder's and three valuers' sessions, in that order).
 */
export async function prepareKit(ctx: TestContext, tokens?: readonly [string, string, string, string]): Promise<Kit> {
  const sessions =
    tokens ??
    (await Promise.all([DEMO.recorder, DEMO.valuer1, DEMO.valuer2, DEMO.valuer3].map((mobile) => ctx.login(mobile))));
  const [recorder, valuer1, valuer2, valuer3] = await Promise.all(sessions.map((token) => person(ctx, token)));
  if (!recorder || !valuer1 || !valuer2 || !valuer3) throw new Error('demo users missing');
  const photos: string[] = [];
  for (const color of [10, 60, 110]) photos.push(await uploadPhoto(ctx, recorder.token, color));
  const get = async (url: string) =>
    ctx.json(await ctx.app.inject({ method: 'GET', url, headers: bearer(recorder.token) })).data;
  const brands = await get('/api/brands');
  let brandId = 0;
  let typeId = 0;
  let foreignTypeId = 0;
  let otherBrandId = 0;
  for (const brand of brands) {
    const types = await get(`/api/brand/${brand.id}/types`);
    if (types.length === 0) continue;
    if (!brandId) {
      brandId = brand.id;
      typeId = types[0].id;
    } else {
      otherBrandId = brand.id;
      foreignTypeId = types[0].id;
      break;
    }
  }
  const categoryId = (await get('/api/categories'))[0].id;
  const materialId = (await get('/api/materials'))[0].id;
  const productId = (await get('/api/products?page_size=1')).items[0].id;
  return {
    recorder,
    valuer1,
    valuer2,
    valuer3,
    photos,
    brandId,
    otherBrandId,
    typeId,
    foreignTypeId,
    categoryId,
    materialId,
    productId,
  };
}

export function commodityInput(kit: Kit, overrides: Record<string, unknown> = {}) {
  const [a = '', b = '', c = ''] = kit.photos;
  return {
    brand_id: kit.brandId,
    type_id: kit.typeId,
    category_id: kit.categoryId,
    product_name: 'Love bracelet (assumed)',
    product_code: 'B6035517',
    material_id: kit.materialId,
    length: 170,
    width: 6.5,
    size_unit: 'mm',
    size_pics: [a],
    weight: 31.2,
    weight_unit: 'g',
    weight_pics: [b],
    product_status: 2,
    product_pics: [b, c],
    accessories: ['box', 'certificate'],
    accessory_pics: [c],
    remark: 'light scratches',
    priority: 1,
    ...overrides,
  };
}

export function enrollBody(commodities: Record<string, unknown>[], overrides: Record<string, unknown> = {}) {
  return {
    idempotency_key: randomUUID(),
    customer_name: '张女士',
    customer_phone: '13912345678',
    customer_address: '上海市静安区',
    commodities,
    ...overrides,
  };
}

export function enroll(ctx: TestContext, token: string, body: unknown, lang = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/enrollments',
    headers: { ...bearer(token), lang },
    payload: body as object,
  });
}

export function getDetail(ctx: TestContext, token: string, id: number) {
  return ctx.app.inject({ method: 'GET', url: `/api/commodities/${id}`, headers: { ...bearer(token), lang: 'en' } });
}

export function act(ctx: TestContext, token: string, id: number | 'distribute', action: string, body: object) {
  const url = id === 'distribute' ? '/api/commodities/distribute' : `/api/commodities/${id}/${action}`;
  return ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), lang: 'en' }, payload: body });
}

/** Registers one commodity per entry of `each` (overrides of `commodityInput`) in one enrollment of the kit's recorder. */
export async function registerAll(ctx: TestContext, kit: Kit, each: Record<string, unknown>[]) {
  const answer = outcome(
    ctx,
    await enroll(ctx, kit.recorder.token, enrollBody(each.map((o) => commodityInput(kit, o)))),
  );
  expect({ code: answer.code, count: answer.data?.commodities?.length }).toEqual({ code: 0, count: each.length });
  return answer.data.commodities as { id: number; no: string }[];
}

/** Registers one commodity (`overrides` of `commodityInput`) as the kit's recorder. */
export async function register(ctx: TestContext, kit: Kit, overrides: Record<string, unknown> = {}) {
  const [item] = await registerAll(ctx, kit, [overrides]);
  if (!item) throw new Error('enrollment failed');
  return item;
}

/** The commodity's version as `token`'s user reads it now. */
export async function versionOf(ctx: TestContext, token: string, id: number): Promise<number> {
  return outcome(ctx, await getDetail(ctx, token, id)).data.version;
}

/** An action on the commodity at its current version that must succeed and leave it at `status`; answers the fresh detail. */
export async function step(ctx: TestContext, person: Person, id: number, action: string, body: object, status: number) {
  const version = await versionOf(ctx, person.token, id);
  const answer = outcome(ctx, await act(ctx, person.token, id, action, { version, ...body }));
  expect({ action, code: answer.code, msg: answer.code ? answer : null }).toMatchObject({ action, code: 0 });
  expect({ action, status: answer.data.status }).toEqual({ action, status });
  return answer.data;
}

/** The kit's recorder hands the commodities, at their current versions, to `valuer` (the standard workflow unless named). */
export async function distribute(
  ctx: TestContext,
  kit: Kit,
  ids: number[],
  valuer: Person,
  workflowId: number | null = null,
) {
  const items: { id: number; version: number }[] = [];
  for (const id of ids) items.push({ id, version: await versionOf(ctx, kit.recorder.token, id) });
  return outcome(
    ctx,
    await act(ctx, kit.recorder.token, 'distribute', '', { items, valuer_id: valuer.id, workflow_id: workflowId }),
  );
}

/** A temporary user of `role`, entering through a new link that `staffToken`'s user creates. */
export async function enterAsGuest(
  ctx: TestContext,
  staffToken: string,
  role: 'recorder' | 'valuers',
  name = `G-${role}`,
): Promise<Person> {
  const link = ctx.json(
    await ctx.app.inject({ method: 'POST', url: '/api/auth/tmp', headers: bearer(staffToken), payload: { role } }),
  ).data;
  const entered = ctx.json(
    await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid, name } }),
  ).data;
  return { token: entered.token, id: entered.user.id, name: entered.user.name };
}

/** The answer's code and data, for compact assertions. */
export function outcome(ctx: TestContext, response: LightMyRequestResponse) {
  const body = ctx.json(response);
  return { status: response.statusCode, code: body.code as number, data: body.data };
}

/**
 * Where a commodity can stand, by status and, at 70, by how it got there (PRODUCT.md "The
 * commodity life cycle").
 */
export const SITUATIONS = {
  pendingDistribution: 10,
  pendingAppraisal: 20,
  inAppraisal: 30,
  toBeModified: 35,
  pendingReconsideration: 40,
  inReconsideration: 50,
  pendingComprehensive: 60,
  /** The reconsideration agreed with the first appraisal. */
  identifiedByAgreement: 70,
  identifiedByComprehensive: 70,
  /** The quick workflow: the first appraisal fixed the result. */
  identifiedQuick: 70,
  /** Bought after an agreement. */
  recycled: 80,
  /** Taken back by the customer after an agreement. */
  returned: 90,
} as const;
export type Situation = keyof typeof SITUATIONS;

/** Who registered the commodity and who took each step of its round. */
export interface Cast {
  recorder: number;
  /** Assigned to, and maker of the first appraisal. */
  first: number;
  reconsider: number;
  comprehensive: number;
}

function doneFlow(valuerId: number, step: 'first' | 'reconsideration' | 'comprehensive', extra: object = {}) {
  return {
    step,
    valuerId,
    status: FLOW_STATUS.done,
    startedAt: new Date(Date.now() - 60_000),
    finishedAt: new Date(),
    durationSeconds: 60,
    isReal: 1,
    stateLevel: 'A',
    productStatus: 2,
    priceLow: 20000,
    priceHigh: 24000,
    currency: 'CNY',
    report: '',
    ...extra,
  };
}

/**
 * A commodity put straight into a situation, with the flows it implies. By default the kit's
 * recorder registered it, valuer 1 is assigned and appraises first, valuer 2 reconsiders and
 * valuer 3 makes the comprehensive assessment.
 */
export async function insertAt(ctx: TestContext, kit: Kit, situation: Situation, cast: Partial<Cast> = {}) {
  const who: Cast = {
    recorder: kit.recorder.id,
    first: kit.valuer1.id,
    reconsider: kit.valuer2.id,
    comprehensive: kit.valuer3.id,
    ...cast,
  };
  const status = SITUATIONS[situation];
  const S = SITUATIONS;
  const db = ctx.app.db;
  const [workflow] = await db
    .select()
    .from(workflows)
    .where(eq(workflows.code, situation === 'identifiedQuick' ? 'quick' : 'standard'));
  const [enrollment] = await db
    .insert(enrollments)
    .values({
      recorderId: who.recorder,
      branchId: FIRST_BRANCH,
      idempotencyKey: randomUUID(),
      bodyHash: 'fixture',
      customerName: 'Fixture',
      customerPhone: '13900000000',
    })
    .returning();
  const assigned = situation !== 'pendingDistribution';
  const input = commodityInput(kit);
  const [row] = await db
    .insert(commodities)
    .values({
      no: `F-${randomUUID()}`,
      enrollmentId: enrollment?.id ?? 0,
      recorderId: who.recorder,
      branchId: FIRST_BRANCH,
      status,
      valuerId: assigned ? who.first : null,
      workflowId: assigned ? (workflow?.id ?? null) : null,
      brandId: kit.brandId,
      categoryId: kit.categoryId,
      productName: input.product_name,
      productStatus: 2,
      sizePics: input.size_pics,
      productPics: input.product_pics,
      accessoryPics: input.accessory_pics,
      modificationReason: situation === 'toBeModified' ? 'more photos' : null,
    })
    .returning();
  if (!row) throw new Error('fixture insert failed');
  const flows: object[] = [];
  if (status === S.pendingAppraisal) flows.push({ step: 'first', valuerId: who.first, status: FLOW_STATUS.pending });
  if (status === S.inAppraisal) {
    flows.push({ step: 'first', valuerId: who.first, status: FLOW_STATUS.inProgress, startedAt: new Date() });
  }
  if (status === S.toBeModified) {
    flows.push({ step: 'first', valuerId: who.first, status: FLOW_STATUS.returned, returnReason: 'more photos' });
  }
  if (status >= S.pendingReconsideration) flows.push(doneFlow(who.first, 'first'));
  if (status === S.inReconsideration) {
    flows.push({
      step: 'reconsideration',
      valuerId: who.reconsider,
      status: FLOW_STATUS.inProgress,
      startedAt: new Date(),
    });
  }
  const disagreed = situation === 'pendingComprehensive' || situation === 'identifiedByComprehensive';
  if (disagreed) flows.push(doneFlow(who.reconsider, 'reconsideration', { isReal: 2, agrees: 0 }));
  else if (status >= S.identifiedByAgreement && situation !== 'identifiedQuick') {
    flows.push(doneFlow(who.reconsider, 'reconsideration', { agrees: 1 }));
  }
  if (situation === 'identifiedByComprehensive')
    flows.push(doneFlow(who.comprehensive, 'comprehensive', { agrees: 1 }));
  const inserted = flows.length
    ? await db
        .insert(identifyFlows)
        .values(flows.map((flow) => ({ commodityId: row.id, round: 1, ...flow }) as typeof identifyFlows.$inferInsert))
        .returning()
    : [];
  if (status >= S.identifiedByAgreement) {
    // The comprehensive verdict is final when there is one, else the first (PRODUCT.md).
    const result = situation === 'identifiedByComprehensive' ? inserted.at(-1) : inserted[0];
    const closed = status === S.recycled || status === S.returned;
    await db
      .update(commodities)
      .set({
        resultFlowId: result?.id ?? null,
        identifiedAt: new Date(),
        ...(closed
          ? {
              isRecycle: status === S.recycled ? 1 : 0,
              recyclePrice: status === S.recycled ? 21000 : null,
              recycleCurrency: status === S.recycled ? 'CNY' : null,
              recycledAt: new Date(),
            }
          : {}),
      })
      .where(eq(commodities.id, row.id));
  }
  return row.id;
}
