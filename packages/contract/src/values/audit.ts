import { COMMODITY_ACTIONS } from './commodity-status.ts';

/**
 * The audit trail's kinds of record (issue 28 item 7): a commodity's transition, a change of the
 * shop's details or rules, a change to a member of staff, a view of identity data, a correction
 * of the ledger, a watch-list alert acknowledged. No zod here: the web app imports it.
 */
export const AUDIT_KINDS = ['transition', 'setting', 'staff', 'identity', 'ledger', 'alert'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * What a staff change records: an invitation, a counter role, managing, the account on or off, a
 * reset password; and the member's own passkeys (docs/adr/0103): one added, renamed, removed, a
 * sign-in with one, and one refused as cloned (its counter did not grow); a sign-in provider's
 * account bound, unbound or used to sign in, and the work e-mail a manager sets (ADR 0103).
 */
export const STAFF_CHANGE_KINDS = [
  'invited',
  // The branches a member works at (issue 32), as their numbers.
  'branches',
  'role_code',
  'manager',
  'is_enabled',
  'password',
  'passkey_added',
  'passkey_renamed',
  'passkey_removed',
  'passkey_sign_in',
  'passkey_cloned',
  'provider_bound',
  'provider_unbound',
  'provider_sign_in',
  'email',
] as const;
export type StaffChangeKind = (typeof STAFF_CHANGE_KINDS)[number];

/** A page of the trail; the export has every record of the filter, up to AUDIT_EXPORT_MAX. */
export const AUDIT_PAGE_MAX = 50;
export const AUDIT_EXPORT_MAX = 50_000;

/**
 * The actions a commodity's history records: its registration, each named action, the watch list's,
 * and a transfer to another branch (issue 32; no change of status).
 */
export const COMMODITY_EVENT_ACTIONS = [
  'enroll',
  ...COMMODITY_ACTIONS,
  'watchMatch',
  'watchAcknowledge',
  'transfer',
] as const;
export type CommodityEventAction = (typeof COMMODITY_EVENT_ACTIONS)[number];

/** What a view of identity data read (PRODUCT.md: every view is recorded). */
export const IDENTITY_VIEW_SUBJECTS = [
  'identity',
  'document-photo',
  'signature',
  'ledger',
  'ledger-export',
  'suspicious-export',
] as const;
export type IdentityViewSubject = (typeof IDENTITY_VIEW_SUBJECTS)[number];

/** The audit file's columns, in order. */
export const AUDIT_COLUMNS = ['at', 'kind', 'actor', 'what', 'change', 'note', 'item'] as const;
export type AuditColumn = (typeof AUDIT_COLUMNS)[number];
