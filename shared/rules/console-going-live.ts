/**
 * The owner's "before you go live" list on the console's home (docs/decisions/0013-demo-content-and-going-live.md):
 * what a deployment still has of the demo, or lacks, before it can face the public. Each item is
 * only a yes or no; the server never says what a setting holds.
 */
export const GOING_LIVE_ITEMS = [
  'brandName',
  'contactEmail',
  'qaEmail',
  'socialLinks',
  'logo',
  'legalTexts',
  'invoicing',
  'demoContent',
  'payments',
  'mail',
  'metrics',
  'https',
] as const
export type GoingLiveItem = (typeof GOING_LIVE_ITEMS)[number]
