/**
 * Value lists of exhibitions: pages, the contracts (shared/contracts/exhibitions.ts) and the content
 * schema take them from here. Zod-free.
 */

/** docs/product.md#exhibition-states: looking forward (sales not open), signing up, in progress, ended. */
export const EXHIBITION_STATES = ['lookingForward', 'signingUp', 'inProgress', 'ended'] as const
export type ExhibitionState = (typeof EXHIBITION_STATES)[number]

export const EXHIBITION_TYPES = ['exhibition', 'salon'] as const
export type ExhibitionType = (typeof EXHIBITION_TYPES)[number]

export const REGIONS = ['asia', 'middleEast', 'europe', 'africa', 'americas', 'oceania'] as const
export type Region = (typeof REGIONS)[number]

export const SESSION_KINDS = ['keynote', 'panel', 'talk', 'workshop', 'break', 'networking', 'awards'] as const
export type SessionKind = (typeof SESSION_KINDS)[number]

export const PARTNER_ROLES = ['sponsor', 'exhibitor', 'media'] as const
export type PartnerRole = (typeof PARTNER_ROLES)[number]

/** Highest first. */
export const PARTNER_TIERS = ['headline', 'platinum', 'gold', 'silver', 'bronze', 'exhibitor', 'media'] as const
export type PartnerTier = (typeof PARTNER_TIERS)[number]

/** Campaign landing pages, by the key stored on the exhibition (`active/europeanPremium.html`). */
export const CAMPAIGNS = ['europeanPremium'] as const
export type Campaign = (typeof CAMPAIGNS)[number]

/** Recap figures, in the order a recap shows them. */
export const RECAP_FIGURES = ['attendees', 'exhibitors', 'speakers', 'countries', 'sessions'] as const
export type RecapFigure = (typeof RECAP_FIGURES)[number]

export const AD_PLACEMENTS = ['home'] as const

/** The list page's page size; `page` in the address shows that many times the page number. */
export const EXHIBITIONS_PAGE_SIZE = 12
