import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';

const IDENTIFIED: readonly number[] = [
  COMMODITY_STATUS.identified,
  COMMODITY_STATUS.recycled,
  COMMODITY_STATUS.returned,
];

/** Whether an item has a final result to certify (status 70, 80 or 90 with its result). */
export function isCertifiable(item: { status: number; result: unknown }): boolean {
  return IDENTIFIED.includes(item.status) && item.result !== null;
}
