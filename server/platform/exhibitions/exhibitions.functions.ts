import { getCampaign, getExhibition, listAdverts, listExhibitions, listPartners } from '../../../shared/contracts/exhibitions.ts'
import { notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { ExhibitionService } from './exhibitions.service.ts'

/** Registrations: parse (the registry does), call one verb, answer. */
export function registerExhibitionFunctions(platform: Platform, service: ExhibitionService): void {
  platform.registry.implement(listExhibitions, async (payload, context) => service.list(payload, context.locale))
  platform.registry.implement(getExhibition, async ({ id }, context) => {
    const exhibition = await service.getById(id, context.locale)
    if (!exhibition) throw notFound()
    return exhibition
  })
  platform.registry.implement(getCampaign, async ({ campaign }, context) => service.campaign(campaign, context.locale))
  platform.registry.implement(listPartners, async ({ limit }) => service.partners(limit))
  platform.registry.implement(listAdverts, async ({ placement }, context) => service.adverts(placement, context.locale))
}
