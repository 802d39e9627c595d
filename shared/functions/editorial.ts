import type { FunctionTable } from './gateway.ts'

/** Where each editorial function is reached and who may call it (its contract and browser reference both use this). */
export const EDITORIAL = {
  articleList: { endpoint: 'articleList', access: 'visitor' },
  articleInfo: { endpoint: 'articleInfo', access: 'visitor' },
  listVideos: { endpoint: 'expo', route: 'expo$listVideos', access: 'visitor' },
  getVideo: { endpoint: 'expo', route: 'expo$getVideo', access: 'visitor' },
  listBulletins: { endpoint: 'expo', route: 'expo$listBulletins', access: 'visitor' },
  // An item not yet (or no longer) shown, by the signed link of the console's preview (docs/product.md#console-content); the link is the credential.
  editorialPreview: { endpoint: 'expo', route: 'expo$editorialPreview', access: 'public' },
} as const satisfies FunctionTable
