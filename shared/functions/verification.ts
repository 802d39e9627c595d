import type { FunctionTable } from './gateway.ts'

/** Where each verification function is reached and who may call it (its contract and browser reference both use this). */
export const VERIFICATION = {
  verifyChannel: { endpoint: 'expo', route: 'expo$verifyChannel', access: 'visitor' },
  officialChannels: { endpoint: 'expo', route: 'expo$officialChannels', access: 'visitor' },
  scamAlerts: { endpoint: 'expo', route: 'expo$scamAlerts', access: 'visitor' },
} as const satisfies FunctionTable
