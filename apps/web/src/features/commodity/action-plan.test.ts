import { COMMODITY_STATUS, type CommodityAction } from '@jewel/contract/values/commodity-status';
import { describe, expect, it } from 'vitest';
import { barActions } from './action-plan.ts';

const S = COMMODITY_STATUS;
const keys = (status: number, allowed: CommodityAction[]) =>
  barActions({ id: 7, status, allowed_actions: allowed }).map((action) => action.key);

describe('the detail action bar', () => {
  it('shows nothing when nothing is allowed', () => {
    expect(keys(S.recycled, [])).toEqual([]);
  });

  it('puts the next step of the workflow first', () => {
    expect(keys(S.pendingDistribution, ['distribute', 'update', 'confirmName'])).toEqual([
      'distribute',
      'update',
      'confirmName',
    ]);
    expect(keys(S.identified, ['reassess', 'recycle', 'confirmName'])).toEqual(['recycle', 'reassess', 'confirmName']);
    expect(keys(S.pendingComprehensive, ['comprehensive', 'reassess', 'confirmName'])).toEqual([
      'comprehensive',
      'reassess',
      'confirmName',
    ]);
  });

  it('puts the update first when the commodity came back for modification', () => {
    expect(keys(S.toBeModified, ['update', 'confirmName'])).toEqual(['update', 'confirmName']);
  });

  it('shows one button for the actions taken on the appraisal page', () => {
    expect(keys(S.inAppraisal, ['returnForModification', 'submitAppraisal', 'confirmName'])).toEqual([
      'continueAppraisal',
      'confirmName',
    ]);
    const [appraise] = barActions({ id: 7, status: S.inAppraisal, allowed_actions: ['submitAppraisal'] });
    expect(appraise?.to).toBe('/pages-sub/commodityIdentify/index?id=7');
  });

  it('leads each action to its page; re-assess stays on the detail', () => {
    const plan = barActions({
      id: 7,
      status: S.identified,
      allowed_actions: ['recycle', 'reassess', 'confirmName', 'distribute', 'update', 'comprehensive'],
    });
    const to = Object.fromEntries(plan.map((action) => [action.key, action.to]));
    expect(to).toEqual({
      comprehensive: '/pages-sub/flowIdentify/comprehensive?id=7',
      recycle: '/pages-sub/commodityRecycle/index?id=7',
      distribute: '/pages-sub/commodityDistribute/index?ids=7',
      update: '/pages-sub/commodityUpdate/index?id=7',
      reassess: null,
      confirmName: '/pages-sub/assumeNaming/index?id=7',
    });
  });
});
