import type { FunctionTable } from './gateway.ts'

/** Where each editorial function is reached and who may call it (its contract and browser reference both use this). */
export const EDITORIAL = {
  articleList: { endpoint: 'articleList', access: 'visitor' },
  articleInfo: { endpoint: 'articleInfo', access: 'visitor' },
  listVideos: { endpoint: 'expo', route: 'expo$listVideos', access: 'visitor' },
  getVideo: { endpoint: 'expo', route: 'expo$getVideo', access: 'visitor' },
  listBulletins: { endpoint: 'expo', route: 'expo$listBulletins', access: 'visitor' },
} as const satisfies FunctionTable
