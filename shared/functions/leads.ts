import type { FunctionTable } from './gateway.ts'

/** Where each leads function is reached (docs/product.md#leads): exhibitor teams capture and qualify leads. */
export const LEADS = {
  scanLead: { endpoint: 'expo', route: 'lead$scan', access: 'user' },
  leadList: { endpoint: 'expo', route: 'lead$list', access: 'user' },
  qualifyLead: { endpoint: 'expo', route: 'lead$qualify', access: 'user' },
  syncLeads: { endpoint: 'expo', route: 'lead$sync', access: 'user' },
  exportLeads: { endpoint: 'expo', route: 'lead$export', access: 'user' },
  saveLeadQuestion: { endpoint: 'expo', route: 'lead$saveQuestion', access: 'user' },
  removeLeadQuestion: { endpoint: 'expo', route: 'lead$removeQuestion', access: 'user' },
  moveLeadQuestion: { endpoint: 'expo', route: 'lead$moveQuestion', access: 'user' },
} as const satisfies FunctionTable
