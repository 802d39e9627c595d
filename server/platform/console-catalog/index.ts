import type { Domain } from '../platform.ts'
import { registerCatalogFunctions } from './catalog.functions.ts'
import { createCatalogContext } from './catalog-context.ts'

/**
 * The catalogue in the organiser's console (docs/product.md#console-catalog): exhibitions with their texts in the 12
 * languages, publishing, and ticket types with capacity that never drops below what is sold or held.
 * Every change writes its audit row in its own transaction and drops the page caches after commit.
 */
export const domain: Domain = {
  name: 'console-catalog',
  // After staff (its audit writer) and tickets (50).
  order: 120,
  setup(platform) {
    registerCatalogFunctions(platform, createCatalogContext(platform))
  },
}
