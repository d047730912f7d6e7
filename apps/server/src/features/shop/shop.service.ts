import type { ShopChange, ShopDetails, ShopImages, ShopRules } from '@jewel/contract/shop';
import { LANGS } from '@jewel/contract/values/i18n';
import { and, asc, desc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, shop, shopChanges, signInBindings, users } from '../../db/schema.ts';
import { firstForeignPhoto } from '../../domain/photo-owners.ts';
import { readShop, rulesOf, type ShopDefaults, type ShopRow, shopColumns } from '../../domain/shop.ts';
import { AppError } from '../../lib/app-error.ts';

/** How many of the latest changes the details page shows. */
const CHANGES_SHOWN = 20;

/** The shop's own fields: a branch's opening and closing is recorded beside them (issue 32). */
type Field = Exclude<ShopChange['field'], 'open'>;

/** Each field as the API names it, and its value in the row as the change log writes it. */
const FIELDS: Record<Field, (row: ShopRow) => string | null> = {
  name: (row) => row.name,
  address: (row) => row.address,
  phone: (row) => row.phone,
  licence_no: (row) => row.licenceNo,
  currency: (row) => row.currency,
  time_zone: (row) => row.timeZone,
  languages: (row) => (row.languages.length > 0 ? row.languages.join(', ') : null),
  public_url: (row) => row.publicUrl,
  logo: (row) => row.logo,
  seal: (row) => row.seal,
  identity_check: (row) => (row.identityCheck ? identityCheckText(row.identityCheck) : null),
  retention_months: (row) => (row.retentionMonths === null ? null : String(row.retentionMonths)),
  watch_ack_single_person: (row) => (row.watchAckSinglePerson === null ? null : String(row.watchAckSinglePerson)),
  managers_strong_sign_in: (row) => String(row.managersStrongSignIn),
};

/** The identity check as the change log writes it: `always`, or `above:CNY=5000,JPY=100000` (ID_CHECK's form). */
function identityCheckText(rule: ShopRules['identity_check']): string {
  if (rule.always) return 'always';
  const pairs = Object.entries(rule.thresholds).map(([currency, amount]) => `${currency}=${amount}`);
  return `above:${pairs.sort().join(',')}`;
}

function present(row: ShopRow, defaults: ShopDefaults): ShopDetails {
  const { currency, timeZone } = rulesOf(row, defaults);
  return {
    name: row.name ?? '',
    address: row.address ?? '',
    phone: row.phone ?? '',
    licence_no: row.licenceNo ?? '',
    currency,
    time_zone: timeZone,
    languages: row.languages.length > 0 ? row.languages : [...LANGS],
  };
}

async function latestChanges(db: Db): Promise<ShopChange[]> {
  const rows = await db
    .select({
      field: shopChanges.field,
      old: shopChanges.oldValue,
      new: shopChanges.newValue,
      by: users.name,
      at: shopChanges.changedAt,
    })
    .from(shopChanges)
    .innerJoin(users, eq(users.id, shopChanges.changedBy))
    .where(isNull(shopChanges.branchId))
    .orderBy(desc(shopChanges.changedAt), desc(shopChanges.id))
    .limit(CHANGES_SHOWN);
  return rows.map((row) => ({ ...row, field: row.field as Field, at: row.at.toISOString() }));
}

async function setUpShop(db: Db): Promise<ShopRow> {
  const row = await readShop(db);
  if (!row) throw new AppError('shopNotSetUp');
  return row;
}

/** `host`: the address this request came to, for the public address's warning. */
export async function shopDetails(db: Db, defaults: ShopDefaults, host: string) {
  const row = await setUpShop(db);
  return {
    details: present(row, defaults),
    public_url: row.publicUrl,
    public_url_warning: !row.publicUrl && !defaults.publicUrl && isLocalAddress(host),
    rules: presentRules(row, defaults),
    images: { logo: row.logo, seal: row.seal },
    changes: await latestChanges(db),
  };
}

/** The rules the shop runs by, as `GET /api/settings` and the shop page answer them. */
export function presentRules(row: ShopRow | undefined, defaults: ShopDefaults): ShopRules {
  const rules = rulesOf(row, defaults);
  return {
    identity_check: rules.identityCheck,
    retention_months: rules.retentionMonths,
    watch_ack_single_person: rules.watchAckSinglePerson,
    managers_strong_sign_in: rules.managersStrongSignIn,
  };
}

/** A loopback or private (RFC 1918, link-local, `.local`) host: a phone outside the shop cannot reach it. */
export function isLocalAddress(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    name === 'localhost' ||
    name === '::1' ||
    name.endsWith('.local') ||
    /^127\./.test(name) ||
    /^10\./.test(name) ||
    /^192\.168\./.test(name) ||
    /^169\.254\./.test(name) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(name) ||
    /^f[cd][0-9a-f]{2}:/.test(name) ||
    /^fe80:/.test(name)
  );
}

/** Replaces the details (the setup page's fields). */
export function changeShopDetails(db: Db, managerId: number, details: ShopDetails) {
  return changeShop(db, managerId, shopColumns(details));
}

/**
 * Replaces the shop's rules: from now on its own, no longer the environment's. Managers' strong
 * sign-in is turned on only when every active manager has a passkey or a bound provider: the
 * others could no longer sign in at all.
 */
export async function changeShopRules(db: Db, managerId: number, rules: ShopRules) {
  if (rules.managers_strong_sign_in && !(await readShop(db))?.managersStrongSignIn) {
    const locked = await managersWithoutStrongSignIn(db);
    if (locked.length > 0) throw new AppError('managersWithoutStrongSignIn', { params: { names: locked.join(', ') } });
  }
  return changeShop(db, managerId, {
    identityCheck: rules.identity_check,
    retentionMonths: rules.retention_months,
    watchAckSinglePerson: rules.watch_ack_single_person,
    managersStrongSignIn: rules.managers_strong_sign_in,
  });
}

/** The enabled managers with neither a passkey nor a bound sign-in provider, by name. */
async function managersWithoutStrongSignIn(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(
      and(
        eq(users.manager, true),
        eq(users.isEnabled, true),
        eq(users.isTmp, false),
        notExists(db.select({ one: sql`1` }).from(passkeys).where(eq(passkeys.userId, users.id))),
        notExists(db.select({ one: sql`1` }).from(signInBindings).where(eq(signInBindings.userId, users.id))),
      ),
    )
    .orderBy(asc(users.name));
  return rows.map((row) => row.name);
}

/** The public address, without a trailing slash; null: each request's own. */
export function changeShopPublicUrl(db: Db, managerId: number, publicUrl: string | null) {
  return changeShop(db, managerId, { publicUrl: publicUrl ? new URL(publicUrl).href.replace(/\/+$/, '') : null });
}

/**
 * The logo and the seal. A new image must be one this manager uploaded (an image kept as it was
 * may be another manager's): a path is no way to print someone else's file.
 */
export async function changeShopImages(db: Db, managerId: number, images: ShopImages) {
  const row = await setUpShop(db);
  const fields = (['logo', 'seal'] as const).filter((field) => images[field] !== null && images[field] !== row[field]);
  const foreign = await firstForeignPhoto(
    db,
    fields.map((field) => images[field] ?? ''),
    managerId,
  );
  const refused = fields[foreign];
  if (refused) throw new AppError('validation', { params: { field: refused }, data: { field: refused } });
  return changeShop(db, managerId, { logo: images.logo, seal: images.seal });
}

/**
 * Writes columns of the shop's row; each field that differs gets its line in the change log, in
 * the same transaction (the row locked, so that two managers saving at once log each other's values).
 */
async function changeShop(db: Db, managerId: number, columns: Partial<typeof shop.$inferInsert>) {
  await setUpShop(db);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shop).for('update');
    if (!before) throw new AppError('shopNotSetUp');
    const [after] = await tx.update(shop).set(columns).returning();
    if (!after) throw new AppError('shopNotSetUp');
    const changed = (Object.entries(FIELDS) as [Field, (row: ShopRow) => string | null][])
      .map(([field, value]) => ({ field, oldValue: value(before), newValue: value(after), changedBy: managerId }))
      .filter((change) => change.oldValue !== change.newValue);
    if (changed.length > 0) await tx.insert(shopChanges).values(changed);
  });
}
