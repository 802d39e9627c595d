import type { Domain } from '../platform.ts'
import { mountExportDownloads } from './export-downloads.ts'

/**
 * The console's streamed exports (docs/product.md#streamed-exports): one download route for every list
 * an organiser takes away as CSV or XLSX; the rows come from the domains that own them, through their
 * index.ts. No tables of its own.
 */
export const domain: Domain = {
  name: 'exports',
  // After the domains whose lists it sends and staff (its audit writer).
  order: 140,
  setup() {},
  routes(router, platform) {
    mountExportDownloads(router, platform)
  },
}
