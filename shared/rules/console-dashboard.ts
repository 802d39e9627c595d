/**
 * The exhibition dashboard (docs/product.md#console-dashboard). Zod-free, shared by the
 * contract and the screen.
 */

/** A pending order whose payment deadline falls within this many minutes is shown as about to expire. */
export const DASHBOARD_EXPIRING_MINUTES = 30
