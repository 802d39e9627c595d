import type { z } from 'zod'
import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/exhibitions.ts'

/**
 * Browser-safe references to the exhibition functions and the value lists pages need (no zod in
 * the page bundle: the contracts import these lists, not the other way round).
 */

/** PRODUCT.md "Exhibition state": looking forward (sales not open), signing up, in progress, ended. */
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

export const listExhibitions = fn<typeof contracts.listExhibitions>('expo', 'expo$listExhibitions', 'visitor')
export const getExhibition = fn<typeof contracts.getExhibition>('expo', 'expo$getExhibition', 'visitor')
export const getCampaign = fn<typeof contracts.getCampaign>('expo', 'expo$getCampaign', 'visitor')
export const listPartners = fn<typeof contracts.listPartners>('expo', 'expo$listPartners', 'visitor')
export const listAdverts = fn<typeof contracts.listAdverts>('advertisement', undefined, 'visitor')

export type ExhibitionCard = z.output<typeof contracts.exhibitionCard>
export type ExhibitionDetail = z.output<typeof contracts.exhibitionDetail>
export type ExhibitionList = z.output<typeof contracts.listExhibitions.result>
export type ExhibitionListQuery = z.input<typeof contracts.listExhibitions.payload>
export type AgendaDay = ExhibitionDetail['agenda'][number]
export type AgendaSession = AgendaDay['sessions'][number]
export type Speaker = ExhibitionDetail['speakers'][number]
export type Partner = ExhibitionDetail['partners'][number]
export type Photo = ExhibitionDetail['photos'][number]
export type RecapVideo = ExhibitionDetail['videos'][number]
export type CampaignPage = z.output<typeof contracts.getCampaign.result>
export type Advert = z.output<typeof contracts.listAdverts.result>['items'][number]
export type BrandPartner = z.output<typeof contracts.listPartners.result>['items'][number]
