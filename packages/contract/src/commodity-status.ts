/**
 * The commodity status machine (PRODUCT.md "The commodity life cycle"). The values are the
 * `identify_product.status` dictionary group; the transitions come with the life-cycle calls.
 */
export const COMMODITY_STATUS = {
  pendingDistribution: 10,
  pendingAppraisal: 20,
  inAppraisal: 30,
  toBeModified: 35,
  pendingReconsideration: 40,
  inReconsideration: 50,
  pendingComprehensive: 60,
  identified: 70,
  recycled: 80,
  returned: 90,
} as const;

export type CommodityStatusName = keyof typeof COMMODITY_STATUS;
export type CommodityStatus = (typeof COMMODITY_STATUS)[CommodityStatusName];
