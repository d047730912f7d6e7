import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { bearer, DEMO, type TestContext } from '../../test/test-app.ts';

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

export async function uploadPhoto(ctx: TestContext, token: string, color: number): Promise<string> {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: color, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
  const boundary = `----kit${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return ctx.json(response).data.url;
}

export async function prepareKit(ctx: TestContext): Promise<Kit> {
  const [recorder, valuer1, valuer2, valuer3] = await Promise.all(
    [DEMO.recorder, DEMO.valuer1, DEMO.valuer2, DEMO.valuer3].map(async (mobile) =>
      person(ctx, await ctx.login(mobile)),
    ),
  );
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

export function verdict(overrides: Record<string, unknown> = {}) {
  return {
    is_real: 1,
    state_level: 'A',
    product_status: 2,
    price_low: 20000,
    price_high: 24000,
    expected_sale_price: 26000,
    currency: 'CNY',
    report: 'Hallmarks, screws and weight consistent.',
    ...overrides,
  };
}

/** A temporary user of `role`, entering through a new link that `staffToken`'s user creates. */
export async function enterAsGuest(
  ctx: TestContext,
  staffToken: string,
  role: 'recorder' | 'valuers',
): Promise<Person> {
  const link = ctx.json(
    await ctx.app.inject({ method: 'POST', url: '/api/auth/tmp', headers: bearer(staffToken), payload: { role } }),
  ).data;
  const entered = ctx.json(
    await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid, name: `G-${role}` } }),
  ).data;
  return { token: entered.token, id: entered.user.id, name: entered.user.name };
}

/** The answer's code and data, for compact assertions. */
export function outcome(ctx: TestContext, response: LightMyRequestResponse) {
  const body = ctx.json(response);
  return { status: response.statusCode, code: body.code as number, data: body.data };
}
