/**
 * Exhibitors in the organiser's console (docs/product.md#console-exhibitors): how far an exhibitor
 * has come, and the list's limits. Zod-free, so the screens and the contract share it.
 */

import type { ProfileGap } from './exhibitors.ts'

/**
 * How far an active exhibitor has come, in order: accepted (it exists, its profile has gaps), its profile
 * complete, a booth held (a pending booth order or a booth held for it), a booth paid (a sold booth, paid
 * for or assigned by staff), every pass of a granted allowance named, and at least one channel verified
 * today. Each is reached only when the ones before it are; `stageOf` returns the last one reached
 * (docs/product.md#console-exhibitors).
 */
export const EXHIBITOR_STAGES = ['accepted', 'profileComplete', 'boothHeld', 'boothPaid', 'passesNamed', 'channelsVerified'] as const
export type ExhibitorStage = (typeof EXHIBITOR_STAGES)[number]

/** An exhibitor's status: withdrawn while its application is no longer accepted (hidden from visitors, kept). */
export const EXHIBITOR_STATUSES = ['active', 'withdrawn'] as const
export type ExhibitorStatus = (typeof EXHIBITOR_STATUSES)[number]

/** The list's stage filter: a stage of the active exhibitors, or the withdrawn ones. */
export const EXHIBITOR_PROGRESS = [...EXHIBITOR_STAGES, 'withdrawn'] as const
export type ExhibitorProgress = (typeof EXHIBITOR_PROGRESS)[number]

/** What the stage is decided from. */
export interface StageFacts {
  gaps: readonly ProfileGap[]
  /** A pending booth order, or a booth in state held for the exhibitor. */
  boothHeld: boolean
  /** A booth in state sold for the exhibitor (its order paid, refunded or not, or assigned by staff). */
  boothSold: boolean
  passes: { named: number; allowance: number }
  /** At least one approved channel whose register entry is valid today. */
  channelVerified: boolean
}

/** Whether each stage is reached on its own, regardless of the ones before it (the detail page ticks these). */
export function stepsOf(facts: StageFacts): Record<ExhibitorStage, boolean> {
  return {
    accepted: true,
    profileComplete: facts.gaps.length === 0,
    // A sold booth was held first, so paying also counts as holding.
    boothHeld: facts.boothHeld || facts.boothSold,
    boothPaid: facts.boothSold,
    passesNamed: facts.passes.allowance > 0 && facts.passes.named >= facts.passes.allowance,
    channelsVerified: facts.channelVerified,
  }
}

export function stageOf(facts: StageFacts): ExhibitorStage {
  const steps = stepsOf(facts)
  let stage: ExhibitorStage = 'accepted'
  for (const next of EXHIBITOR_STAGES) {
    if (!steps[next]) break
    stage = next
  }
  return stage
}

/** Where a row stands in the list's stage filter. */
export const progressOf = (status: ExhibitorStatus, stage: ExhibitorStage): ExhibitorProgress => (status === 'withdrawn' ? 'withdrawn' : stage)

export const CONSOLE_EXHIBITOR_LIMITS = {
  search: 100,
  pageSizeDefault: 25,
  pageSizeMax: 100,
} as const
