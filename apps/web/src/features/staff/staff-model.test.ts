import type { StaffMember } from '@jewel/contract/staff';
import { staffInviteSchema } from '@jewel/contract/staff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  checkStaff,
  emptyStaff,
  STAFF_LIMITS,
  STAFF_ROLES,
  type StaffValues,
  toStaffInvite,
} from './staff-model.ts';

/**
 * Text as it reaches a field, typed or pasted: letters, CJK, emoji, tabs and spaces at either
 * end; now and then a character the contract refuses (controls, lone surrogates) among them.
 */
const typed = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(' ', '\t', '\n', '字', 'é', '😀', '\u00a0', '\u3000') },
);
const refused = fc.constantFrom('\u0000', '\u0007', '\u000b', '\u007f', '\ud800', '\udfff');
const textUpTo = (max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: typed, maxLength: max + 5 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.oneof(typed, refused), minLength: 1, maxLength: 10 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        'a'.repeat(max),
        ` ${'字'.repeat(max)} `,
        // As many emoji as the limit: two UTF-16 units each, one character each for zod.
        '😀'.repeat(max),
        'a'.repeat(max + 1),
      ),
    },
  );
/** Mostly names the field takes, so that whole forms pass often enough to say something. */
const name = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: typed, minLength: 1, maxLength: STAFF_LIMITS.name }) },
  { weight: 2, arbitrary: textUpTo(STAFF_LIMITS.name) },
);
const mobile = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^ ?\+?[0-9][0-9-]{5,19} ?$/) },
  { weight: 1, arbitrary: textUpTo(22) },
);
const values: fc.Arbitrary<StaffValues> = fc.record({
  name,
  mobile,
  roles: fc.subarray([...STAFF_ROLES]),
});

const ready = emptyStaff({ name: 'Sato Hanako', mobile: '090-1234-5678' });

const member = (id: number): StaffMember => ({
  id,
  name: 'Li Lei',
  mobile: '13800000002',
  roles: ['valuers'],
  manager: false,
  owner: false,
  is_enabled: true,
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00+08:00',
  branch_ids: [1],
});

describe('the "add a member" form and the contract', () => {
  it('whatever the form lets through, staffInviteSchema accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(values, (entered) => {
        if (Object.keys(checkStaff(entered)).length > 0) return;
        accepted += 1;
        const parsed = staffInviteSchema.safeParse(toStaffInvite(entered));
        expect(parsed.error?.issues ?? []).toEqual([]);
        // What is sent is what the server reads: nothing trimmed or defaulted away.
        expect(parsed.data).toEqual(toStaffInvite(entered));
      }),
      { numRuns: 500 },
    );
    // The property says nothing if the form refused (nearly) everything.
    expect(accepted).toBeGreaterThan(50);
  });

  it('an empty form asks for the name and the mobile; a recorder who does not manage by default', () => {
    expect(checkStaff(emptyStaff())).toEqual({ name: 'required', mobile: 'required' });
    expect(emptyStaff()).toMatchObject({ roles: ['recorder'] });
    // At least one role (ADR 0104): managing alone is one.
    expect(checkStaff({ ...ready, roles: [] })).toEqual({ roles: 'required' });
    expect(checkStaff({ ...ready, roles: ['manager'] })).toEqual({});
    expect(checkStaff(ready)).toEqual({});
  });

  it('refuses what the contract refuses', () => {
    expect(checkStaff({ ...ready, name: 'a'.repeat(STAFF_LIMITS.name + 1), mobile: '090 1234 5678' })).toEqual({
      name: 'tooLong',
      mobile: 'invalid',
    });
    expect(checkStaff({ ...ready, name: 'Li\u0007Lei', mobile: '   ' })).toEqual({
      name: 'characters',
      mobile: 'required',
    });
    // Counted as zod counts: by characters, an emoji one.
    expect(checkStaff({ ...ready, name: '😀'.repeat(STAFF_LIMITS.name) })).toEqual({});
  });

  it('sends the texts trimmed', () => {
    expect(
      toStaffInvite({ ...ready, name: ' Sato ', mobile: ' 090-1234-5678 ', roles: ['manager', 'valuers', 'recorder'] }),
    ).toEqual({
      name: 'Sato',
      mobile: '090-1234-5678',
      roles: ['recorder', 'valuers'],
      manager: true,
    });
  });

  it("offers each role to give or take but a member's last, and no action on the manager's own card", () => {
    expect(actionsFor(member(2), 1)).toEqual(['recorder', 'manager', 'enabled', 'password']);
    expect(actionsFor({ ...member(2), roles: ['recorder', 'valuers'] }, 1)).toEqual([
      'recorder',
      'valuers',
      'manager',
      'enabled',
      'password',
    ]);
    expect(actionsFor({ ...member(2), roles: [], manager: true }, 1)).toEqual([
      'recorder',
      'valuers',
      'enabled',
      'password',
    ]);
    expect(actionsFor(member(1), 1)).toEqual([]);
  });
});
