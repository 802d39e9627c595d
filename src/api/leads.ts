import type { z } from 'zod'
import { fn } from '../../shared/functions/gateway.ts'
import { LEADS } from '../../shared/functions/leads.ts'
import type * as contracts from '../../shared/contracts/leads.ts'

/** Leads (docs/product.md#leads): browser references for the exhibitor team's scanner and list. */
export const scanLead = fn<typeof contracts.scanLead>(LEADS.scanLead)
export const leadList = fn<typeof contracts.leadList>(LEADS.leadList)
export const qualifyLead = fn<typeof contracts.qualifyLead>(LEADS.qualifyLead)
export const syncLeads = fn<typeof contracts.syncLeads>(LEADS.syncLeads)
export const exportLeads = fn<typeof contracts.exportLeads>(LEADS.exportLeads)
export const saveLeadQuestion = fn<typeof contracts.saveLeadQuestion>(LEADS.saveLeadQuestion)
export const removeLeadQuestion = fn<typeof contracts.removeLeadQuestion>(LEADS.removeLeadQuestion)
export const moveLeadQuestion = fn<typeof contracts.moveLeadQuestion>(LEADS.moveLeadQuestion)

export type LeadView = z.output<typeof contracts.leadView>
export type LeadListView = z.output<typeof contracts.leadList.result>
export type LeadQuestion = z.output<typeof contracts.leadQuestion>
export type LeadListPayload = z.input<typeof contracts.leadList.payload>
export type LeadSyncPayload = z.input<typeof contracts.syncLeads.payload>
export type LeadSyncAnswer = z.output<typeof contracts.syncLeads.result>
