import type { FunctionTable } from './gateway.ts'

/** Where each applications function is reached and who may call it (its contract and browser reference both use this). */
export const APPLICATIONS = {
  openExhibitions: { endpoint: 'expo', route: 'apply$openExhibitions', access: 'visitor' },
  submitExhibitorApplication: { endpoint: 'expo', route: 'apply$submitExhibitor', access: 'visitor' },
  submitAttendeeApplication: { endpoint: 'expo', route: 'apply$submitAttendee', access: 'visitor' },
  myApplications: { endpoint: 'expo', route: 'apply$myApplications', access: 'user' },
  applicantDefaults: { endpoint: 'expo', route: 'apply$applicantDefaults', access: 'user' },
} as const satisfies FunctionTable
