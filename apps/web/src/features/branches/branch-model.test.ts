import { type Branch, branchInputSchema } from '@jewel/contract/branches';
import { SHOP_TEXT_MAX } from '@jewel/contract/setup';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { describe, expect, it } from 'vitest';
import { BRANCH_LIMITS, checkBranch, emptyBranch, fromBranch, shopDetailsOf, toBranchInput } from './branch-model.ts';

const NONE = { name: null, address: null, phone: null, licence_no: null, time_zone: null, currency: null };
const details = {
  name: 'A',
  address: 'a',
  phone: '1',
  licence_no: 'L',
  time_zone: 'Asia/Tokyo',
  currency: 'JPY' as const,
};
const branch = (id: number, own: Partial<Branch['own']>, effective: Partial<Branch['details']> = {}): Branch => ({
  id,
  own: { ...NONE, ...own },
  details: { ...details, ...effective },
  closed_at: null,
  staff: 1,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe("a branch's form", () => {
  it("holds the contract's limits", () => {
    expect(BRANCH_LIMITS).toEqual({
      name: SHOP_TEXT_MAX.name,
      address: TEXT_MAX.address,
      phone: SHOP_TEXT_MAX.phone,
      licence_no: SHOP_TEXT_MAX.licenceNo,
    });
  });

  it("sends an empty field as the shop's (null), the others trimmed, as the contract takes them", () => {
    const body = toBranchInput({ ...emptyBranch(), name: '  Umeda ', currency: 'USD' });
    expect(body).toEqual({ ...NONE, name: 'Umeda', currency: 'USD' });
    expect(branchInputSchema.parse(body)).toEqual(body);
    expect(branchInputSchema.parse(toBranchInput(emptyBranch()))).toEqual(NONE);
  });

  it('refuses what the contract refuses: too long, control characters', () => {
    expect(checkBranch({ ...emptyBranch(), phone: '1'.repeat(31), name: 'a\u0007b' })).toEqual({
      phone: 'tooLong',
      name: 'characters',
    });
    expect(checkBranch(emptyBranch())).toEqual({});
  });

  it("opens with the branch's own details, empty where it takes the shop's", () => {
    expect(fromBranch(branch(2, { name: 'B', time_zone: 'Asia/Taipei' }))).toEqual({
      ...emptyBranch(),
      name: 'B',
      time_zone: 'Asia/Taipei',
    });
  });

  it("reads the shop's details from the branches that take them", () => {
    const shop = shopDetailsOf([
      branch(2, { name: 'B', licence_no: 'L2' }, { name: 'B', licence_no: 'L2' }),
      branch(1, { name: 'Own' }, { name: 'Own' }),
    ]);
    expect(shop).toEqual({ address: 'a', phone: '1', licence_no: 'L', time_zone: 'Asia/Tokyo', currency: 'JPY' });
  });
});
