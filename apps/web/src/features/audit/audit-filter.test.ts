import { describe, expect, it } from 'vitest';
import { auditFilterFromSearch, auditQueryOf, searchOfAuditFilter } from './audit-filter.ts';

describe('the audit page’s filter in its address', () => {
  const now = new Date(2026, 10, 26);

  it('defaults to this month with nothing else chosen', () => {
    expect(auditFilterFromSearch(new URLSearchParams(), now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
      kind: null,
      person: null,
      item: '',
    });
  });

  it('reads a kind, a person and an item number, and leaves out what it does not understand', () => {
    const read = (query: string) => auditFilterFromSearch(new URLSearchParams(query), now);
    expect(read('from=2026-10-01&to=2026-10-31&kind=staff&person=7&item=%20C20261121-0007%20')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      kind: 'staff',
      person: 7,
      item: 'C20261121-0007',
    });
    // An unknown kind, a person that is no id, an item past 40 characters.
    expect(read(`kind=everything&person=7.5&item=${'X'.repeat(50)}`)).toMatchObject({
      kind: null,
      person: null,
      item: 'X'.repeat(40),
    });
    expect(read('person=-3').person).toBeNull();
  });

  it('writes back only what is chosen, and asks the API the same', () => {
    const filter = { from: '2026-11-01', to: '2026-11-26', kind: 'identity' as const, person: null, item: '' };
    expect(searchOfAuditFilter(filter).toString()).toBe('from=2026-11-01&to=2026-11-26&kind=identity');
    expect(auditQueryOf(filter)).toEqual({ from: '2026-11-01', to: '2026-11-26', kind: 'identity' });
    expect(auditFilterFromSearch(searchOfAuditFilter(filter), now)).toEqual(filter);
  });
});
