/**
 * The password of every demo account (PRODUCT.md "Operations"): public, written in the README and
 * on the setup page's "Explore with demo data". Never on a shop that was set up (issue 28).
 */
export const DEMO_PASSWORD = 'demo123456';
