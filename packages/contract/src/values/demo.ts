/**
 * The password of every demo account (PRODUCT.md "Operations"): public, written in the README and
 * on the setup page's "Explore with demo data". Never on a shop that was set up (issue 28).
 */
export const DEMO_PASSWORD = 'demo123456';

/** The demo's sign-ins by role: the sign-in page of the demo shows them (issue 28). */
export const DEMO_MOBILES = {
  /** A recorder who also manages the shop: the back office. */
  manager: '13800000005',
  recorder: '13800000001',
  valuers: ['13800000002', '13800000003', '13800000004'],
} as const;
