import { AUDIT_KINDS, type AuditKind } from '@jewel/contract/values/audit';
import { parseId } from '@jewel/contract/values/ids';
import { type Period, periodFromSearch } from '../../lib/period.ts';

/** An item number as the trail is searched by it: what a tag prints, at most this long. */
export const AUDIT_ITEM_MAX = 40;

/** What the audit page shows: a period of shop days, and at most one kind, person and item. */
export interface AuditFilter extends Period {
  kind: AuditKind | null;
  person: number | null;
  item: string;
}

/** The filter in the page's address (`?from=…&to=…&kind=staff&person=5&item=C…`); what is not understood is left out. */
export function auditFilterFromSearch(search: URLSearchParams, now = new Date()): AuditFilter {
  const kind = search.get('kind');
  return {
    ...periodFromSearch(search, 'thisMonth', now),
    kind: AUDIT_KINDS.includes(kind as AuditKind) ? (kind as AuditKind) : null,
    person: parseId(search.get('person')),
    item: (search.get('item') ?? '').trim().slice(0, AUDIT_ITEM_MAX),
  };
}

/** The address of a filter: only what is chosen. */
export function searchOfAuditFilter(filter: AuditFilter): URLSearchParams {
  const search = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.kind) search.set('kind', filter.kind);
  if (filter.person !== null) search.set('person', String(filter.person));
  if (filter.item) search.set('item', filter.item);
  return search;
}

/** The filter as the API's query: the same fields, unset ones left out. */
export function auditQueryOf(filter: AuditFilter) {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.person !== null ? { person: filter.person } : {}),
    ...(filter.item ? { item: filter.item } : {}),
  };
}
