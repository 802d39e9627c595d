/**
 * Exhibitors in the organiser's console (docs/product.md#console-exhibitors): how far an exhibitor
 * has come, and the list's limits. Zod-free, so the screens and the contract share it.
 */

import type { ProfileGap } from './exhibitors.ts'

/**
 * How far an active exhibitor has come, in order: accepted (it exists, its profile has gaps), then
 * its profile complete. Later steps (a booth, verified channels) are added at the end, each reached
 * only when the ones before it are; `stageOf` returns the last one reached.
 */
export const EXHIBITOR_STAGES = ['accepted', 'profileComplete'] as const
export type ExhibitorStage = (typeof EXHIBITOR_STAGES)[number]

/** An exhibitor's status: withdrawn while its application is no longer accepted (hidden from visitors, kept). */
export const EXHIBITOR_STATUSES = ['active', 'withdrawn'] as const
export type ExhibitorStatus = (typeof EXHIBITOR_STATUSES)[number]

/** The list's stage filter: a stage of the active exhibitors, or the withdrawn ones. */
export const EXHIBITOR_PROGRESS = [...EXHIBITOR_STAGES, 'withdrawn'] as const
export type ExhibitorProgress = (typeof EXHIBITOR_PROGRESS)[number]

/** What the stage is decided from; later stages add their facts here. */
export interface StageFacts {
  gaps: readonly ProfileGap[]
}

export function stageOf(facts: StageFacts): ExhibitorStage {
  return facts.gaps.length === 0 ? 'profileComplete' : 'accepted'
}

/** Where a row stands in the list's stage filter. */
export const progressOf = (status: ExhibitorStatus, stage: ExhibitorStage): ExhibitorProgress => (status === 'withdrawn' ? 'withdrawn' : stage)

export const CONSOLE_EXHIBITOR_LIMITS = {
  search: 100,
  pageSizeDefault: 25,
  pageSizeMax: 100,
} as const
