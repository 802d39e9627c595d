import type { z } from 'zod'
import { fn } from '../../shared/functions/gateway.ts'
import { EXHIBITIONS } from '../../shared/functions/exhibitions.ts'
import type * as contracts from '../../shared/contracts/exhibitions.ts'

/**
 * Browser-safe references to the exhibition functions (no zod in the page bundle); the value lists
 * pages and contracts share are in shared/rules/exhibitions.ts.
 */
export const listExhibitions = fn<typeof contracts.listExhibitions>(EXHIBITIONS.listExhibitions)
export const getExhibition = fn<typeof contracts.getExhibition>(EXHIBITIONS.getExhibition)
export const getCampaign = fn<typeof contracts.getCampaign>(EXHIBITIONS.getCampaign)
export const listPartners = fn<typeof contracts.listPartners>(EXHIBITIONS.listPartners)
export const listAdverts = fn<typeof contracts.listAdverts>(EXHIBITIONS.listAdverts)

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
