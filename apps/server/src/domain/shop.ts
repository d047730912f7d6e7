import type { ShopSetup, ShopState } from '@jewel/contract/setup';
import type { ShopRules } from '@jewel/contract/shop';
import type { Currency } from '@jewel/contract/values/dictionary';
import type { Lang } from '@jewel/contract/values/i18n';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { shop } from '../db/schema.ts';
import { TEXTS, translate } from '../i18n/messages.ts';

export type ShopRow = typeof shop.$inferSelect;

/**
 * The shop's row, or undefined while it is not set up (issue 28). Read afresh each time (one row
 * by its key): a manager's change shows on every instance at its next request, with nothing to
 * signal or forget.
 */
export async function readShop(db: Db): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shop).limit(1);
  return row;
}

/**
 * What the environment says where the row says nothing (the demo's, a shop from before issue 28's
 * rules): what the server runs with until a manager saves the shop's own (ADR 0089).
 */
export type ShopDefaults = Pick<
  Config,
  'shopCurrency' | 'shopTimezone' | 'publicUrl' | 'identityCheck' | 'retentionMonths' | 'watchAckSinglePerson'
>;

/** The rules and clock the shop runs by: its row's, each unset one the environment's. */
export interface ShopRulesNow {
  currency: Currency;
  timeZone: string;
  identityCheck: ShopRules['identity_check'];
  retentionMonths: number;
  watchAckSinglePerson: boolean;
  /** Managers sign in with a passkey or a provider (ADR 0103); the shop's alone, off by default. */
  managersStrongSignIn: boolean;
}

export function rulesOf(row: ShopRow | undefined, defaults: ShopDefaults): ShopRulesNow {
  return {
    currency: row?.currency ?? defaults.shopCurrency,
    timeZone: row?.timeZone ?? defaults.shopTimezone,
    identityCheck: row?.identityCheck ?? defaults.identityCheck,
    retentionMonths: row?.retentionMonths ?? defaults.retentionMonths,
    watchAckSinglePerson: row?.watchAckSinglePerson ?? defaults.watchAckSinglePerson,
    managersStrongSignIn: row?.managersStrongSignIn ?? false,
  };
}

/**
 * The shop's rules now, read afresh like its details: a manager's change applies on every
 * instance from its next request.
 */
export async function shopRules(db: Db, defaults: ShopDefaults): Promise<ShopRulesNow> {
  return rulesOf(await readShop(db), defaults);
}

/** The shop's clock: the time zone of its days (numbers, periods, the ledger's dates). */
export async function shopTimeZone(db: Db, defaults: ShopDefaults): Promise<string> {
  return (await shopRules(db, defaults)).timeZone;
}

/** The shop's details as its row's columns (the setup page's, and a manager's save). */
export function shopColumns(details: ShopSetup['shop']) {
  return {
    name: details.name,
    address: details.address,
    phone: details.phone,
    licenceNo: details.licence_no,
    currency: details.currency,
    timeZone: details.time_zone,
    languages: details.languages,
  };
}

export function presentShopState(row: ShopRow | undefined): ShopState {
  return { set_up: row !== undefined, demo: row?.demo ?? false, name: row?.name ?? null };
}

/** What a document prints of the shop: its name (the app's for the demo), and its licence and contacts when set. */
export interface ShopIdentity {
  name: string;
  /** "Licence no. 第301010001234号", in the reader's language; null when unset. */
  licence: string | null;
  /** Address and phone, on one line; null when unset. */
  contact: string | null;
  /** The mark every document of the demo's data carries (issue 28); undefined for a real shop. */
  watermark?: string;
  /** What a CSV export of the demo's data says beside the shop (it has no page to stamp); undefined for a real shop. */
  demoNote?: string;
  /** The shop's logo and seal (`/api/files/<name>`), printed on certificates; null: none. */
  logo: string | null;
  seal: string | null;
}

/** An office's own details (a branch's, issue 32): each one null is the shop's. */
export type OfficeDetails = Pick<ShopRow, 'name' | 'address' | 'phone' | 'licenceNo'>;

/**
 * What a document prints of the shop, in `lang`, from its row; of one of its offices when given:
 * the office's details where it has them, its name after the shop's ("銀座宝飾 大阪店").
 */
export function identityOf(row: ShopRow | undefined, lang: Lang, office?: OfficeDetails): ShopIdentity {
  const shopName = row?.name ?? translate(TEXTS.appName, lang);
  const licenceNo = office?.licenceNo ?? row?.licenceNo;
  const contact = [office?.address ?? row?.address, office?.phone ?? row?.phone].filter(Boolean).join(' · ');
  return {
    name: office?.name ? `${shopName} ${office.name}` : shopName,
    licence: licenceNo ? translate(TEXTS.licenceNo, lang, { number: licenceNo }) : null,
    contact: contact || null,
    watermark: row?.demo ? translate(TEXTS.demoWatermark, lang) : undefined,
    demoNote: row?.demo ? translate(TEXTS.demoData, lang) : undefined,
    logo: row?.logo ?? null,
    seal: row?.seal ?? null,
  };
}

/** What a document prints of the shop, in `lang`, from one read of its row. */
export async function shopIdentity(db: Db, lang: Lang): Promise<ShopIdentity> {
  return identityOf(await readShop(db), lang);
}

/**
 * The first line of a CSV export (the ledger's, the audit trail's): the shop's name, licence and
 * contact, each in its cell (empty when unset), and on the demo's data a last cell saying so.
 */
export function shopCsvLine(shop: ShopIdentity): string[] {
  return [shop.name, shop.licence ?? '', shop.contact ?? '', ...(shop.demoNote ? [shop.demoNote] : [])];
}

/** The address QR codes open: the shop's public address, else PUBLIC_URL, else (undefined) each request's own. */
export async function shopPublicUrl(db: Db, fallback: string | undefined): Promise<string | undefined> {
  return (await readShop(db))?.publicUrl ?? fallback;
}

/** `2026-11-21 14:05` in the shop's time zone. */
export function shopDateTime(instant: string | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** A calendar day of the shop (`2026-11-21`), as the instant it starts in the shop's time zone. */
export function shopDayStart(day: string, timeZone: string): SQL {
  return sql`((${day}::date)::timestamp at time zone ${timeZone})`;
}

/** The instant the day after `day` starts: a period's end, exclusive. */
export function shopDayAfter(day: string, timeZone: string): SQL {
  return sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;
}
