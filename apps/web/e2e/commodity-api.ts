/**
 * Commodities made and moved through the API, as the journeys set them up before a person looks:
 * what the demo catalog offers a registration, a commodity's body, the enrollment, the hand-out
 * to a valuer, and each later action at the item's current version.
 *
 *   const kit = await registrationKit(request, recorder, [0xc9, 0xa2, 0x27]);
 *   const item = await enrollAndDistribute(request, recorder, commodityBody(kit, '金手镯'), valuer.user.id);
 *   await appraise(request, valuer, item.id);
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { verdict } from '../../server/src/test/verdict.ts';
import { apiCall, type Lang } from './app.ts';
import { upload, uploadPrivate } from './photos.ts';
import type { SessionTokens } from './session.ts';

export { verdict };

export interface Item {
  id: number;
  no: string;
}

/** What a registration takes from the demo catalog, and one photo uploaded for it. */
export interface RegistrationKit {
  brandId: number;
  categoryId: number;
  materials: { id: number; purity: number | null }[];
  /** The quick workflow: the first appraisal fixes the result. */
  quickId: number;
  /** A stored photo of one colour, the recorder's. */
  photo: string;
}

/** The demo catalog's first brand and category, its materials and quick workflow; a photo of `rgb`. */
export async function registrationKit(
  request: APIRequestContext,
  recorder: SessionTokens,
  rgb: [number, number, number],
): Promise<RegistrationKit> {
  const get = <T>(path: string) => apiCall<T>(request, recorder, 'GET', path);
  const [brands, categories, materials, workflows, photo] = await Promise.all([
    get<{ id: number }[]>('/api/brands'),
    get<{ id: number }[]>('/api/categories'),
    get<{ id: number; purity: number | null }[]>('/api/materials'),
    get<{ id: number; code: string }[]>('/api/workflows'),
    upload(request, recorder, rgb),
  ]);
  const quick = workflows.find((workflow) => workflow.code === 'quick');
  if (!brands[0] || !categories[0] || !quick) throw new Error('demo catalog missing');
  return { brandId: brands[0].id, categoryId: categories[0].id, materials, quickId: quick.id, photo };
}

/** A tag of four letters and digits that tells this run's names apart. */
export const runTag = () => randomUUID().slice(0, 4).toUpperCase();

/**
 * A commodity to register: the kit's brand and category, its photo in each required photo field,
 * in use (product status 2); `extra` adds fields or replaces these.
 */
export function commodityBody(kit: RegistrationKit, name: string, extra: Record<string, unknown> = {}) {
  return {
    brand_id: kit.brandId,
    category_id: kit.categoryId,
    product_name: name,
    size_pics: [kit.photo],
    product_pics: [kit.photo],
    accessory_pics: [kit.photo],
    product_status: 2,
    ...extra,
  };
}

/** An 18K gold bracelet of 18 cm and 12.5 g with its box and certificate, urgent; `extra` adds or replaces. */
export function goldBracelet(kit: RegistrationKit, name: string, extra: Record<string, unknown> = {}) {
  const gold18 = kit.materials.find((material) => material.purity === 0.75);
  if (!gold18) throw new Error('no 18K gold in the demo catalog');
  return commodityBody(kit, name, {
    material_id: gold18.id,
    length: 180,
    width: 6,
    size_unit: 'mm',
    weight: 12.5,
    accessories: ['box', 'certificate'],
    priority: 2,
    ...extra,
  });
}

/** How an enrollment is sent. */
export interface Enrollment {
  /** Customer fields added to or replacing a name and a phone number of this run. */
  customer?: Record<string, string>;
  /** The language the recorder's phone sends. */
  lang?: Lang;
}

/** One enrollment of `commodities` by the recorder; answers the items in order. */
export async function enroll(
  request: APIRequestContext,
  recorder: SessionTokens,
  commodities: object[],
  { customer = {}, lang }: Enrollment = {},
): Promise<Item[]> {
  const enrolled = await apiCall<{ commodities: Item[] }>(
    request,
    recorder,
    'POST',
    '/api/enrollments',
    {
      idempotency_key: randomUUID(),
      customer_name: `客户${runTag()}`,
      customer_phone: `139${String(Date.now()).slice(-8)}`,
      ...customer,
      commodities,
    },
    lang,
  );
  if (enrolled.commodities.length !== commodities.length) throw new Error('enrollment failed');
  return enrolled.commodities;
}

/** The item's version as `session`'s user reads it now. */
export async function versionOf(request: APIRequestContext, session: SessionTokens, id: number): Promise<number> {
  return (await apiCall<{ version: number }>(request, session, 'GET', `/api/commodities/${id}`)).version;
}

/** One action on an item at its current version (`POST /api/commodities/:id/:action`), as `session`'s user. */
export async function act(request: APIRequestContext, session: SessionTokens, id: number, action: string, body = {}) {
  const version = await versionOf(request, session, id);
  return apiCall(request, session, 'POST', `/api/commodities/${id}/${action}`, { version, ...body });
}

/**
 * What a buyback (`recycle` with `is_recycle: 1`) carries besides its price: the seller's
 * signature and identity check, uploaded now by `recorder` (a staff recorder).
 */
export async function buybackProof(request: APIRequestContext, recorder: SessionTokens) {
  return {
    // The declaration rendered in this language by the server (issue 27 item 4); no text: not compared.
    declaration_lang: 'zh-Hans' as const,
    // How the seller is paid (issue 27 item 2): required on every buyback.
    payment_method: 'cash' as const,
    signature: await uploadPrivate(request, recorder, 'signature'),
    identity: {
      document_type: 'drivers_licence',
      document_number: 'DL-2026-0001',
      document_pics: [await uploadPrivate(request, recorder, 'document', [0x80, 0x60, 0x30])],
      name: '客户',
      address: '上海市黄浦区',
      occupation: '会社員',
      birth_date: '1980-04-01',
    },
  };
}

/** The recorder hands the items, at their current versions, to `valuerId` (in the workflow `workflowId` if named). */
export async function distribute(
  request: APIRequestContext,
  recorder: SessionTokens,
  ids: number[],
  valuerId: number,
  workflowId?: number,
) {
  const items = await Promise.all(ids.map(async (id) => ({ id, version: await versionOf(request, recorder, id) })));
  await apiCall(request, recorder, 'POST', '/api/commodities/distribute', {
    items,
    valuer_id: valuerId,
    ...(workflowId === undefined ? {} : { workflow_id: workflowId }),
  });
}

/** One commodity registered and handed to `valuerId` (in the workflow `workflowId` if named). */
export async function enrollAndDistribute(
  request: APIRequestContext,
  recorder: SessionTokens,
  commodity: object,
  valuerId: number,
  options: Enrollment & { workflowId?: number } = {},
): Promise<Item> {
  const [item] = await enroll(request, recorder, [commodity], options);
  if (!item) throw new Error('enrollment failed');
  await distribute(request, recorder, [item.id], valuerId, options.workflowId);
  return item;
}

/**
 * `valuer` starts and submits an appraisal of the item: the first one, or the blind
 * reconsideration of another valuer's.
 */
export async function appraise(
  request: APIRequestContext,
  valuer: SessionTokens,
  id: number,
  result: object = verdict(),
  step: 'first' | 'reconsideration' = 'first',
) {
  const [start, submit] = step === 'first' ? ['start-appraisal', 'appraise'] : ['start-reconsideration', 'reconsider'];
  await act(request, valuer, id, start);
  await act(request, valuer, id, submit, result);
}
