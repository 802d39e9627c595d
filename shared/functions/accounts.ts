import type { FunctionTable } from './gateway.ts'

/** Where each accounts function is reached and who may call it (its contract and browser reference both use this). */
export const ACCOUNTS = {
  getUserFromCookie: { endpoint: 'cv3', route: 'usercenter$getuserfromcookie', access: 'visitor' },
  getUserFromCookieForServer: { endpoint: 'v3', route: 'usercenter$getuserfromcookie', access: 'server' },
  myProfile: { endpoint: 'cv3', route: 'usercenter$profile', access: 'user' },
  updateNick: { endpoint: 'cv3', route: 'usercenter$updateNick', access: 'user' },
  listComments: { endpoint: 'expo', route: 'expo$listComments', access: 'visitor' },
  postComment: { endpoint: 'expo', route: 'expo$postComment', access: 'user' },
  deleteComment: { endpoint: 'expo', route: 'expo$deleteComment', access: 'user' },
  setFollow: { endpoint: 'attention', route: 'attention$follow', access: 'user' },
  followStatus: { endpoint: 'attention', route: 'attention$status', access: 'visitor' },
} as const satisfies FunctionTable
