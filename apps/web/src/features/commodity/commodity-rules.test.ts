import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { describe, expect, it } from 'vitest';
import { historyStatuses } from './commodity-rules.ts';

describe('historyStatuses', () => {
  it('shows a move from one status to another', () => {
    expect(
      historyStatuses({ from_status: COMMODITY_STATUS.pendingAppraisal, to_status: COMMODITY_STATUS.inAppraisal }),
    ).toEqual([COMMODITY_STATUS.pendingAppraisal, COMMODITY_STATUS.inAppraisal]);
  });

  it('never shows a change from a status to itself, nor from none', () => {
    expect(
      historyStatuses({
        from_status: COMMODITY_STATUS.pendingDistribution,
        to_status: COMMODITY_STATUS.pendingDistribution,
      }),
    ).toEqual([COMMODITY_STATUS.pendingDistribution]);
    expect(historyStatuses({ from_status: null, to_status: COMMODITY_STATUS.pendingDistribution })).toEqual([
      COMMODITY_STATUS.pendingDistribution,
    ]);
  });
});
