import type { IdentityCheckRule } from '@jewel/contract/values/buyback-rules';
import type { Currency } from '@jewel/contract/values/dictionary';
import type { Lang } from '@jewel/contract/values/i18n';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The shop itself (issue 28): one row, written once by the setup page (its owner and details) or
 * by the demo's seed. An empty table is a shop not yet set up; the row's primary key, always 1,
 * makes two racing setups one.
 */
export const shop = pgTable(
  'shop',
  {
    id: integer('id').primaryKey().default(1),
    /** The demo data and its public accounts: every page says so. */
    demo: boolean('demo').notNull().default(false),
    /** Null for the demo. */
    name: text('name'),
    address: text('address'),
    phone: text('phone'),
    /** The dealer's licence: 古物商許可番号, or the PRC business licence number. */
    licenceNo: text('licence_no'),
    currency: text('currency').$type<Currency>(),
    timeZone: text('time_zone'),
    /** The languages the shop works in, its main one first. */
    languages: text('languages').array().$type<Lang[]>().notNull().default(sql`'{}'::text[]`),
    /** The address customers reach it at, which QR codes open; null: each request's own (or PUBLIC_URL). */
    publicUrl: text('public_url'),
    /** The shop's logo and seal (印影), stored photos (`/api/files/<name>`) its certificates print; null: none. */
    logo: text('logo'),
    seal: text('seal'),
    /*
     * The shop's rules (issue 28 item 4). Null: the environment's (ID_CHECK, RETENTION_MONTHS,
     * WATCH_ACK_SINGLE_PERSON) until a manager saves the shop's own.
     */
    identityCheck: jsonb('identity_check').$type<IdentityCheckRule>(),
    retentionMonths: integer('retention_months'),
    watchAckSinglePerson: boolean('watch_ack_single_person'),
    /** Managers must sign in with a passkey or a provider, not a password (ADR 0103). */
    managersStrongSignIn: boolean('managers_strong_sign_in').notNull().default(false),
    /** Who set it up: its first manager. Null for the demo. */
    ownerId: integer('owner_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('shop_one_row', sql`${t.id} = 1`)],
);
