import type { AuditRecord } from '@jewel/contract/audit';
import type { ShopChange } from '@jewel/contract/shop';
import type { CommodityEventAction, IdentityViewSubject, StaffChangeKind } from '@jewel/contract/values/audit';
import type { Lang } from '@jewel/contract/values/i18n';
import { AUDIT_MESSAGES, fill, TEXTS, translate } from '../../i18n/messages.ts';
import type { AuditDbRow } from './audit.repository.ts';

/** A commodity status's label in the reader's language, by its value. */
export type StatusLabel = (status: string) => string;

const ARROW = ' → ';

/**
 * One record told in the reader's language: what was done, from what to what, and whom or what
 * else it names. The page and the CSV file both print these words.
 */
export function presentRecord(row: AuditDbRow, lang: Lang, statusLabel: StatusLabel): AuditRecord {
  const words = AUDIT_MESSAGES[lang];
  const value = (text: string | null) => (text === null || text === '' ? words.values.unset : text);
  const flag = (text: string | null) =>
    text === 'true' ? words.values.yes : text === 'false' ? words.values.no : value(text);
  const notes: string[] = [];
  let what: string;
  let change: string | null = null;
  switch (row.kind) {
    case 'transition':
    case 'alert': {
      what = words.events[row.what as CommodityEventAction] ?? row.what;
      // The status it left, unless it left none or stayed (never "X → X").
      change =
        row.old === null || row.old === row.new
          ? row.kind === 'alert'
            ? null
            : statusLabel(row.new ?? '')
          : `${statusLabel(row.old)}${ARROW}${statusLabel(row.new ?? '')}`;
      // A transfer keeps its status: the change is the branches it left and reached (issue 32).
      const branchOf = (value: unknown) =>
        value && typeof value === 'object' && 'name' in value && typeof value.name === 'string' ? value.name : null;
      const from = branchOf(row.details?.from_branch);
      const to = branchOf(row.details?.to_branch);
      if (row.what === 'transfer' && from !== null && to !== null) change = `${from}${ARROW}${to}`;
      const reason = row.details?.reason;
      if (typeof reason === 'string' && reason) notes.push(fill(words.notes.reason, { reason }));
      if (row.kind === 'alert' && row.details?.alone === true) notes.push(words.notes.alone);
      break;
    }
    case 'setting': {
      const field = row.what as ShopChange['field'];
      what = fill(words.settingChanged, { field: words.settings[field] ?? field });
      const shown = field === 'watch_ack_single_person' || field === 'managers_strong_sign_in' ? flag : value;
      change = `${shown(row.old)}${ARROW}${shown(row.new)}`;
      break;
    }
    case 'staff': {
      const kind = row.what as StaffChangeKind;
      what = words.staff[kind] ?? kind;
      change = staffChange(kind, row, lang, flag);
      if (row.memberName !== null) notes.push(fill(words.notes.member, { name: row.memberName }));
      break;
    }
    case 'identity':
      what = words.identity[row.what as IdentityViewSubject] ?? row.what;
      if (row.customerId !== null) notes.push(fill(words.notes.customer, { id: row.customerId }));
      break;
    case 'ledger':
      what = words.ledgerCorrected;
      change = fill(words.notes.correction, { old: row.old ?? '', new: row.new ?? '' });
      break;
  }
  if (row.kind !== 'transition' && row.kind !== 'alert' && row.note) notes.push(row.note);
  if (row.witnessName !== null) notes.push(fill(words.notes.witness, { name: row.witnessName }));
  return {
    key: `${row.kind}:${row.id}`,
    kind: row.kind,
    at: row.at,
    actor: { id: row.actorId, name: row.actorName },
    what,
    change,
    note: notes.length > 0 ? notes.join(' · ') : null,
    item: row.itemId !== null && row.itemNo !== null ? { id: row.itemId, no: row.itemNo } : null,
  };
}

function roleName(code: string, lang: Lang): string {
  if (code === 'recorder') return translate(TEXTS.roleRecorder, lang);
  if (code === 'valuers') return translate(TEXTS.roleValuers, lang);
  return code;
}

/** A staff change's old → new: role names, yes / no; an invitation's roles (and managing). */
function staffChange(kind: StaffChangeKind, row: AuditDbRow, lang: Lang, flag: (text: string | null) => string) {
  const words = AUDIT_MESSAGES[lang];
  // A set of roles as kept (`recorder,valuers,manager`, ADR 0104; one role before it), by name.
  const roles = (text: string | null) =>
    (text ?? '')
      .split(',')
      .filter(Boolean)
      .map((code) => (code === 'manager' ? words.values.manager : roleName(code, lang)))
      .join(' · ') || '—';
  switch (kind) {
    case 'invited':
      return roles(row.new);
    case 'role_code':
      return `${roles(row.old)}${ARROW}${roles(row.new)}`;
    case 'manager':
    case 'is_enabled':
      return `${flag(row.old)}${ARROW}${flag(row.new)}`;
    case 'password':
      return null;
    // A passkey's name, as the member gave it: the new one, or old → new for a rename.
    case 'passkey_added':
    case 'passkey_sign_in':
    case 'passkey_cloned':
      return row.new;
    case 'passkey_removed':
      return row.old;
    case 'passkey_renamed':
    case 'email':
      return `${row.old ?? ''}${ARROW}${row.new ?? ''}`;
    // The provider's name (WeChat, or the configured OpenID Connect provider's key).
    case 'provider_bound':
    case 'provider_sign_in':
      return row.new;
    case 'provider_unbound':
      return row.old;
    // The branches' numbers, old → new (issue 32).
    case 'branches':
      return `${row.old ?? ''}${ARROW}${row.new ?? ''}`;
  }
}
