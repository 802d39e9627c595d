import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/floor-plans.ts'
import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import { publicStateOf } from '../../../shared/rules/floor-plans.ts'
import type { Queryable } from '../../db/client.ts'
import { notFound } from '../errors.ts'
import * as repo from './floor-plans.repo.ts'

type Plan = z.output<typeof contracts.exhibitionFloorPlan.result>

/**
 * An exhibition's plan as the directory draws it (docs/product.md#floor-plans): no prices and no
 * exhibitor that is not in the directory (a withdrawn one's booth reads as taken).
 */
export async function publicFloorPlan(db: Queryable, exhibitionId: number, locale: Locale): Promise<Plan> {
  if (!(await repo.publishedExhibition(db, exhibitionId))) throw notFound()
  const chain = contentFallbackChain(locale)
  const [halls, booths] = await Promise.all([repo.hallsOf(db, exhibitionId, chain), repo.boothsOf(db, exhibitionId, chain)])
  return {
    halls: halls.map((hall) => ({
      id: hall.id,
      // The hall's name in the reader's language (docs/product.md#content-fallback).
      label: hall.name,
      width: hall.width_dm,
      depth: hall.depth_dm,
      background: hall.background_src ? { src: hall.background_src, width: Number(hall.background_width), height: Number(hall.background_height) } : null,
      booths: booths
        .filter((booth) => booth.hall_id === hall.id)
        .map((booth) => ({
          ...repo.placeOf(booth),
          state: publicStateOf(booth.state),
          exhibitor:
            booth.exhibitor_active && booth.exhibitor_slug && booth.exhibitor_name && booth.exhibitor_locale
              ? { slug: booth.exhibitor_slug, name: booth.exhibitor_name, textLocale: booth.exhibitor_locale }
              : null,
        })),
    })),
  }
}
