import type { Locale } from '../../../shared/languages.ts'
import { conflict, gone, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { AttendeePolicy } from '../exhibitions/index.ts'

/** The exhibition as orders, mails and payment pages show it. */
export interface ExhibitionInfo {
  id: number
  title: string
  city: string
  venueName: string
  address: string
  startsAt: string
  endsAt: string
  timeZone: string
  /** ISO 3166 alpha-2 of the venue: the attendee phone fields' country when the visitor's is unknown. */
  countryCode: string
  /** docs/product.md#attendee-changes: null closes changes at the start (`attendeeChangesOpen` of shared/rules/tickets.ts). */
  attendeeChangesUntil: string | null
  refundPolicy: AttendeePolicy['refundPolicy']
}

export interface ExhibitionInfos {
  get(id: number, locale: Locale): Promise<ExhibitionInfo>
  /** Throws "The event is over." (410) or "not on sale" (409). */
  ensureOnSale(id: number): Promise<void>
  /** Throws "The event is over." (410). */
  ensureNotOver(id: number): Promise<void>
}

/** Asks the exhibitions domain, keeping answers a minute (and forgetting them when content changes). */
export function createExhibitionInfos(platform: Platform): ExhibitionInfos {
  const cache = new Map<string, { value: ExhibitionInfo; at: number }>()
  platform.onContentChanged(() => cache.clear())
  const exhibitions = () => platform.services.exhibitions

  const ensureNotOver = async (id: number) => {
    if (await exhibitions().isOver(id)) throw gone('tickets:messages.eventOver')
  }

  return {
    async get(id, locale) {
      const key = `${id}:${locale}`
      const hit = cache.get(key)
      if (hit && Date.now() - hit.at < 60_000) return hit.value
      const detail = await exhibitions().getById(id, locale)
      if (!detail) throw notFound()
      const policy = await exhibitions().attendeePolicy(id)
      const value: ExhibitionInfo = {
        id: detail.id,
        title: detail.title,
        city: detail.city,
        venueName: detail.venue.name || detail.venueName,
        address: detail.venue.address,
        startsAt: detail.startsAt,
        endsAt: detail.endsAt,
        timeZone: detail.timeZone,
        countryCode: detail.countryCode,
        ...policy,
      }
      cache.set(key, { value, at: Date.now() })
      return value
    },
    async ensureOnSale(id) {
      await ensureNotOver(id)
      if (!(await exhibitions().isOnSale(id))) throw conflict('tickets:messages.notOnSale')
    },
    ensureNotOver,
  }
}
