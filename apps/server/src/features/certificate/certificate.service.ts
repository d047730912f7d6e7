import { CERTIFICATE_PHOTOS_MAX, certificatePhotosOf } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { type I18nText, INTL_LOCALES, type Lang } from '@jewel/contract/values/i18n';
import { IS_REAL } from '@jewel/contract/values/information';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { photoFlags, storedName } from '../../domain/photo-owners.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { shopIdentity, shopPublicUrl } from '../../domain/shop.ts';
import { countMiss } from '../../domain/throttle.ts';
import { openMatchesOf } from '../../domain/watch-match.ts';
import { localize } from '../../i18n/localize.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { newVerificationId, VERIFICATION_ID, verificationUrl } from '../../lib/qr.ts';
import { type Storage, storedBytes } from '../../plugins/external/storage.ts';
import * as repo from './certificate.repository.ts';
import { certificatePdf } from './certificate-pdf.ts';

/*
 * Certificates and the public verification page (issue 14; docs/decisions.md "Certificates and
 * the verification page"). A certificate is fixed to the final result it certified; the page of
 * its id says "superseded" once the item has another result or none. Nothing about the customer,
 * prices, internal ids or storage names is ever read here.
 */

export interface CertificateDeps {
  db: Db;
  storage: Storage;
  publicUrl: string | undefined;
  timeZone: string;
}

/** The product photos a certificate and its page show (`certificatePhotosOf`); the flags are read only for the default. */
async function shownPhotos(db: Db, item: repo.ItemFacts): Promise<string[]> {
  const flags = item.certificatePics === null ? await photoFlags(db, item.productPics) : {};
  return certificatePhotosOf(item.productPics, flags, item.certificatePics);
}

/**
 * A valuer chooses the photos the item's certificate prints (null: the default): each one of
 * the item's product photos. Any staff valuer may, as any may judge it; a recorder may not.
 */
export async function choosePhotos(
  db: Db,
  viewer: Pick<AuthContext, 'roleCode' | 'branchIds'>,
  id: number,
  photos: string[] | null,
) {
  if (viewer.roleCode !== 'valuers') throw new AppError('forbidden');
  const item = await repo.itemFacts(db, id, viewer.branchIds);
  if (!item) throw new AppError('notFound');
  const foreign = photos?.findIndex((photo) => !item.productPics.includes(photo)) ?? -1;
  if (foreign >= 0)
    throw new AppError('validation', { params: { field: `photos.${foreign}` }, data: { field: `photos.${foreign}` } });
  await repo.setCertificatePics(db, id, photos);
  return { photos };
}

/** The item's statuses that carry a final result. */
const IDENTIFIED: readonly number[] = [
  COMMODITY_STATUS.identified,
  COMMODITY_STATUS.recycled,
  COMMODITY_STATUS.returned,
];

/** An item's final result told in one language, for the PDF and the page. */
export interface Appraisal {
  no: string;
  brand: string;
  product: string;
  material: string;
  isReal: number;
  verdict: string;
  /** The reason label and the valuer's note when not genuine; empty otherwise. */
  reason: string;
  note: string;
  stateLevel: string;
  valuers: string[];
  identifiedAt: Date;
  /**
   * The stored product photos shown, in order (`shownPhotos`): the page serves them by position,
   * never by these names.
   */
  photos: string[];
}

function hasResult(item: repo.ItemFacts): item is repo.ItemFacts & { resultFlowId: number } {
  return IDENTIFIED.includes(item.status) && item.resultFlowId !== null;
}

/** `/api/files/<name>` → the stored name of its thumbnail. */
export function thumbName(photo: string): string {
  return (photo.split('/').at(-1) ?? '').replace(/\.(\w+)$/, '-thumb.$1');
}

async function tell(db: Db, item: repo.ItemFacts, flow: repo.ResultFlow, lang: Lang): Promise<Appraisal> {
  const labels = await repo.verdictLabels(db);
  const label = (group: string, value: string | number | null) => {
    if (value === null || value === '') return '';
    const found = labels.find(
      (option) => option.group === `identify_result.${group}` && option.value === String(value),
    );
    return found ? translate(found.label as I18nText, lang) : String(value);
  };
  const material = flow.material ?? item.material;
  const notGenuine = flow.isReal !== IS_REAL.genuine;
  return {
    no: item.no,
    brand: item.type ? `${item.brand} ${item.type}` : item.brand,
    product: item.product ? localize(item.product.names, lang, item.product.name) : item.productName,
    material: material ? translate(material, lang) : '',
    isReal: flow.isReal ?? IS_REAL.undetermined,
    verdict: label('is_real', flow.isReal),
    reason: notGenuine ? label('not_genuine_reason', flow.notGenuineReason) : '',
    note: notGenuine ? (flow.notGenuineNote ?? '') : '',
    stateLevel: label('state_level', flow.stateLevel),
    valuers: await repo.roundValuers(db, item.id, flow.round),
    identifiedAt: item.identifiedAt ?? flow.finishedAt ?? flow.createdAt,
    photos: await shownPhotos(db, item),
  };
}

/**
 * A day in the shop's time zone as the reader's language writes it on a document (issue 29 item
 * 5): 「2026年11月26日」 in Chinese and Japanese, "November 26, 2026".
 */
export function shopDate(instant: Date, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { timeZone, dateStyle: 'long' }).format(instant);
}

/** A stored product photo's thumbnail as JPEG (pdfkit embeds JPEG and PNG, not WebP); null if gone. */
async function photoJpeg(storage: Storage, photo: string): Promise<Buffer | null> {
  const bytes = await storedBytes(storage, thumbName(photo));
  if (!bytes) return null;
  try {
    return await sharp(bytes).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
  } catch {
    return null;
  }
}

/**
 * The shop's logo or seal as PNG (its transparency kept: a seal is printed over the page), at most
 * 600 px on its long side; null when none is set or its file is gone.
 */
async function shopImagePng(storage: Storage, path: string | null): Promise<Buffer | undefined> {
  const bytes = path ? await storedBytes(storage, storedName(path)) : null;
  if (!bytes) return undefined;
  try {
    return await sharp(bytes).resize(600, 600, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    return undefined;
  }
}

/**
 * The certificate of the item's current final result, in `lang`. Its verification id is made on
 * the first download of that result and reused by every later one, in any language.
 */
export async function issue(
  deps: CertificateDeps,
  { userId, branchIds }: Pick<AuthContext, 'userId' | 'branchIds'>,
  commodityId: number,
  lang: Lang,
  request: { protocol: string; host: string },
) {
  const item = await repo.itemFacts(deps.db, commodityId, branchIds);
  if (!item) throw new AppError('notFound');
  if (!hasResult(item)) throw new AppError('certificateNotIdentified');
  const flow = await repo.resultFlow(deps.db, item.resultFlowId);
  if (!flow) throw new AppError('certificateNotIdentified');
  let link = await repo.certificateLinkOf(deps.db, flow.id);
  if (!link) {
    await repo.insertCertificateLink(deps.db, {
      id: newVerificationId(),
      commodityId: item.id,
      flowId: flow.id,
      createdBy: userId,
    });
    link = await repo.certificateLinkOf(deps.db, flow.id);
  }
  if (!link) throw new Error('certificate link not stored');
  const appraisal = await tell(deps.db, item, flow, lang);
  const photos: Buffer[] = [];
  for (const photo of appraisal.photos) {
    const bytes = await photoJpeg(deps.storage, photo);
    if (bytes) photos.push(bytes);
  }
  const shop = await shopIdentity(deps.db, lang);
  const [logo, seal] = await Promise.all([
    shopImagePng(deps.storage, shop.logo),
    shopImagePng(deps.storage, shop.seal),
  ]);
  const body = await certificatePdf({
    logo,
    seal,
    lang,
    appraisal,
    photos,
    certificateId: link.id,
    url: verificationUrl(await shopPublicUrl(deps.db, deps.publicUrl), request, link.id),
    date: (instant) => shopDate(instant, deps.timeZone, lang),
    watermark: shop.watermark,
    shop,
  });
  // ASCII, so that every browser and the API client read it from `filename="…"` alike.
  return { body, fileName: `certificate-${item.no}-${lang}.pdf` };
}

// ——— the public verification page ———

/**
 * Unknown ids per address (issue 27, item 15): never refused, slowed. The first FREE misses of
 * a window answer at once (a customer mistyping), then each further miss is held FIRST_MS, then
 * twice as long for each one after, up to MAX_MS; the count starts again after WINDOW_SECONDS
 * without a miss. A found id is never counted, held or refused, so a shop's Wi-Fi or a carrier's
 * NAT shared with someone guessing costs a real customer nothing; guessing 128-bit ids at one
 * per MAX_MS is hopeless anyway.
 */
export const VERIFY_MISSES = { free: 5, firstMs: 500, maxMs: 8_000, windowSeconds: 600 } as const;

/** How long the answer to an address's `misses`-th miss of its window is held, in milliseconds. */
export function missDelayMs(misses: number): number {
  if (misses <= VERIFY_MISSES.free) return 0;
  const doublings = Math.min(misses - VERIFY_MISSES.free - 1, 30);
  return Math.min(VERIFY_MISSES.firstMs * 2 ** doublings, VERIFY_MISSES.maxMs);
}

/** How a held answer waits: a timer; tests put a clock of their own here. */
export const verifyClock = {
  wait: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Counts a miss of `address` and holds it as VERIFY_MISSES says; answers the milliseconds held. */
export async function holdMiss(db: Db, address: string): Promise<number> {
  const ms = missDelayMs(await countMiss(db, `verify:${address}`, VERIFY_MISSES.windowSeconds));
  if (ms > 0) await verifyClock.wait(ms);
  return ms;
}

/** What a verification id shows. */
export type Verification =
  | { kind: 'result'; appraisal: Appraisal; linkKind: 'certificate' | 'tag' }
  | { kind: 'superseded'; no: string; identifiedAt: Date; reassessedAt: Date | null }
  | { kind: 'inProgress'; no: string }
  | { kind: 'underReview'; no: string };

export interface Found {
  link: NonNullable<Awaited<ReturnType<typeof repo.linkById>>>;
  item: repo.ItemFacts;
}

/**
 * Finds a link by its id, or null. Nothing is counted here: the caller holds a miss (holdMiss),
 * a found id answers at once. A malformed id is a miss without asking the database.
 */
export async function findLink(db: Db, id: string): Promise<Found | null> {
  if (!VERIFICATION_ID.test(id)) return null;
  const link = await repo.linkById(db, id);
  const item = link ? await repo.itemFacts(db, link.commodityId) : null;
  if (!link || !item) return null;
  return { link, item };
}

/**
 * What the link's page shows now, in `lang`. A result is never shown while a watch-list match of
 * the item waits for its acknowledgement (issue 29 item 3): a stolen item's page must not say
 * "genuine". The page says "under review" and nothing of the alert (no tip-off to the holder).
 */
export async function verification(db: Db, found: Found, lang: Lang): Promise<Verification> {
  const shown = await currentVerification(db, found, lang);
  if (shown.kind !== 'result') return shown;
  const alerts = await openMatchesOf(db, found.item.id);
  return alerts.length > 0 ? { kind: 'underReview', no: found.item.no } : shown;
}

async function currentVerification(db: Db, { link, item }: Found, lang: Lang): Promise<Verification> {
  if (link.kind === 'certificate') {
    const flow = link.flowId === null ? null : await repo.resultFlow(db, link.flowId);
    if (!flow) return { kind: 'inProgress', no: item.no };
    if (!hasResult(item) || item.resultFlowId !== flow.id) {
      const certifiedAt = flow.finishedAt ?? flow.createdAt;
      return {
        kind: 'superseded',
        no: item.no,
        identifiedAt: certifiedAt,
        reassessedAt: await repo.reassessedAfter(db, item.id, certifiedAt),
      };
    }
    return { kind: 'result', linkKind: 'certificate', appraisal: await tell(db, item, flow, lang) };
  }
  if (!hasResult(item)) return { kind: 'inProgress', no: item.no };
  const flow = await repo.resultFlow(db, item.resultFlowId);
  if (!flow) return { kind: 'inProgress', no: item.no };
  return { kind: 'result', linkKind: 'tag', appraisal: await tell(db, item, flow, lang) };
}

/**
 * The n-th shown photo of a link's item (its thumbnail), only while the link shows a result:
 * a superseded certificate or an item in progress shows none.
 */
export async function photoOf(deps: CertificateDeps, found: Found, n: number) {
  if (!Number.isInteger(n) || n < 0 || n >= CERTIFICATE_PHOTOS_MAX) return null;
  const shown = await verification(deps.db, found, 'en');
  if (shown.kind !== 'result') return null;
  const photo = shown.appraisal.photos[n];
  if (!photo) return null;
  const name = thumbName(photo);
  const object = await deps.storage.get(name);
  if (!object) return null;
  return { ...object, ext: name.split('.').at(-1) ?? 'jpg' };
}
