import { describe, expect, it } from 'vitest';
import { type ActionContext, COMMODITY_ACTIONS, type CommodityAction, refusalOf } from './commodity-status.ts';

/**
 * The status machine of PRODUCT.md "The commodity life cycle", written out by hand: for each
 * situation of a commodity, each action and each person, allowed or which refusal. Valuer 1 is
 * assigned and makes the first appraisal, valuer 2 reconsiders, valuer 3 makes the comprehensive
 * assessment (in `identifiedByComprehensive`) and valuer 4 never takes part.
 */
const R = 1;
const V1 = 11;
const V2 = 12;
const V3 = 13;
const V4 = 14;

/** Without a comprehensive assessment unless one is named. */
type Situation = Omit<ActionContext, 'user' | 'comprehensiveValuerId'> & { comprehensiveValuerId?: number };
const SITUATIONS = {
  pendingDistribution: { status: 10, valuerId: null, firstValuerId: null, reconsiderValuerId: null },
  pendingAppraisal: { status: 20, valuerId: V1, firstValuerId: V1, reconsiderValuerId: null },
  inAppraisal: { status: 30, valuerId: V1, firstValuerId: V1, reconsiderValuerId: null },
  toBeModified: { status: 35, valuerId: V1, firstValuerId: V1, reconsiderValuerId: null },
  pendingReconsideration: { status: 40, valuerId: V1, firstValuerId: V1, reconsiderValuerId: null },
  inReconsideration: { status: 50, valuerId: V1, firstValuerId: V1, reconsiderValuerId: V2 },
  pendingComprehensive: { status: 60, valuerId: V1, firstValuerId: V1, reconsiderValuerId: V2 },
  /** Reconsideration agreed with the first appraisal. */
  identifiedByAgreement: { status: 70, valuerId: V1, firstValuerId: V1, reconsiderValuerId: V2 },
  identifiedByComprehensive: {
    status: 70,
    valuerId: V1,
    firstValuerId: V1,
    reconsiderValuerId: V2,
    comprehensiveValuerId: V3,
  },
  /** The quick workflow: first appraisal only. */
  identifiedQuick: { status: 70, valuerId: V1, firstValuerId: V1, reconsiderValuerId: null },
  recycled: { status: 80, valuerId: V1, firstValuerId: V1, reconsiderValuerId: V2 },
  returned: { status: 90, valuerId: V1, firstValuerId: V1, reconsiderValuerId: V2 },
} satisfies Record<string, Situation>;

const PEOPLE = [
  { id: R, role: 'recorder' },
  { id: V1, role: 'valuers' },
  { id: V2, role: 'valuers' },
  { id: V3, role: 'valuers' },
  { id: V4, role: 'valuers' },
] as const;

/** `+` allowed; else the refusal: wrong Status, wrong Role, Not assigned, Own appraisal, Taken. */
const CODE = {
  '+': null,
  S: 'commodityStatusInvalid',
  R: 'commodityRoleNotAllowed',
  N: 'commodityNotAssigned',
  O: 'commodityOwnAppraisal',
  T: 'commodityTaken',
} as const;

/**
 * Per situation, per action: the answer for recorder, valuer 1, 2, 3, 4. An action not listed is
 * refused to everyone for its status.
 */
const TABLE: Record<keyof typeof SITUATIONS, Partial<Record<CommodityAction, string>>> = {
  pendingDistribution: { distribute: '+RRRR', update: '+RRRR', confirmName: '+++++' },
  pendingAppraisal: { distribute: '+RRRR', update: '+RRRR', startAppraisal: 'R+NNN', confirmName: '+++++' },
  inAppraisal: { returnForModification: 'R+NNN', submitAppraisal: 'R+NNN', confirmName: '+++++' },
  toBeModified: { update: '+RRRR', confirmName: '+++++' },
  pendingReconsideration: { startReconsideration: 'RO+++', confirmName: '+++++' },
  inReconsideration: { submitReconsideration: 'RT+TT', confirmName: '+++++' },
  // The would-be comprehensive assessor (neither step of the round) may send it back instead.
  pendingComprehensive: { comprehensive: 'ROO++', reassess: '+OO++', confirmName: '+++++' },
  // Reached without a comprehensive assessment: no valuer may re-assess, only the recorder.
  identifiedByAgreement: { reassess: '+RRRR', recycle: '+RRRR', confirmName: '+++++' },
  identifiedByComprehensive: { reassess: '+OO+N', recycle: '+RRRR', confirmName: '+++++' },
  identifiedQuick: { reassess: '+RRRR', recycle: '+RRRR', confirmName: '+++++' },
  recycled: {},
  returned: {},
};

describe('the commodity status machine', () => {
  it('answers every action in every situation for every person as PRODUCT.md says', () => {
    const mismatches: string[] = [];
    for (const [name, situation] of Object.entries(SITUATIONS)) {
      const row = TABLE[name as keyof typeof SITUATIONS];
      for (const action of COMMODITY_ACTIONS) {
        const cells = row[action] ?? 'SSSSS';
        PEOPLE.forEach((user, index) => {
          const expected = CODE[cells[index] as keyof typeof CODE];
          const actual = refusalOf(action, { comprehensiveValuerId: null, ...situation, user });
          if (actual !== expected) mismatches.push(`${name} ${action} user ${user.id}: ${actual} ≠ ${expected}`);
        });
      }
    }
    expect(mismatches).toEqual([]);
  });
});
