import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import {
  AD_PLACEMENTS,
  CAMPAIGNS,
  EXHIBITION_STATES,
  EXHIBITION_TYPES,
  EXHIBITIONS_PAGE_SIZE,
  PARTNER_ROLES,
  PARTNER_TIERS,
  REGIONS,
  SESSION_KINDS,
} from '../rules/exhibitions.ts'
import { EXHIBITIONS } from '../functions/exhibitions.ts'
import { defineContract } from './define.ts'

/**
 * Exhibitions on the expo endpoint (docs/product.md#endpoints: `/wikifxweb-v1/wikiexpo/invoke-v1` carries
 * every expo function) and the hero adverts on the docs/product.md#endpoints GET advertisement endpoint.
 *
 * Instants are ISO 8601 strings in UTC; `timeZone` is the venue's IANA zone, in which pages show
 * dates and times. Texts come in the caller's language (the LanguageCode header) or, when missing,
 * the next language of the fallback chain of docs/product.md#content-fallback; `fellBackTo` then names that language.
 */

const instant = z.string()
const locale = z.enum(LOCALES)

const recapFigures = z.object({
  attendees: z.number().int().nonnegative().optional(),
  exhibitors: z.number().int().nonnegative().optional(),
  speakers: z.number().int().nonnegative().optional(),
  countries: z.number().int().nonnegative().optional(),
  sessions: z.number().int().nonnegative().optional(),
})

export const exhibitionCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(EXHIBITION_TYPES),
  title: z.string(),
  tagline: z.string(),
  summary: z.string(),
  city: z.string(),
  /** ISO 3166 alpha-2. */
  countryCode: z.string(),
  /** The country's name in the caller's language (CLDR, named by the platform so every page writes the same). */
  country: z.string(),
  region: z.enum(REGIONS),
  venueName: z.string(),
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string(),
  state: z.enum(EXHIBITION_STATES),
  /** Tickets can be bought now (the sales window is open and the event is not over). */
  ticketsOnSale: z.boolean(),
  salesOpenAt: instant.nullable(),
  salesCloseAt: instant.nullable(),
  cover: z.string().nullable(),
  campaign: z.enum(CAMPAIGNS).nullable(),
  /** Recap figures of an exhibition that has taken place; empty before. */
  recapFigures,
  /** The language the texts are in when it is not the one asked for. */
  fellBackTo: locale.nullable(),
})

const agendaSession = z.object({
  id: z.number().int(),
  startsAt: instant,
  endsAt: instant,
  kind: z.enum(SESSION_KINDS),
  room: z.string(),
  title: z.string(),
  description: z.string(),
  speakerIds: z.array(z.number().int()),
})

export const exhibitionDetail = exhibitionCard.extend({
  /** Sanitised on import (only p, h3, ul, ol, li, strong, em, a). */
  bodyHtml: z.string(),
  highlights: z.array(z.string()),
  recapSummary: z.string(),
  venue: z.object({
    name: z.string(),
    address: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    mapImage: z.string().nullable(),
    mapZoom: z.number().int(),
  }),
  agenda: z.array(
    z.object({
      /** The calendar day at the venue, YYYY-MM-DD. */
      date: z.string(),
      title: z.string(),
      sessions: z.array(agendaSession),
    }),
  ),
  speakers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      title: z.string(),
      company: z.string(),
      photo: z.string().nullable(),
      bio: z.string(),
    }),
  ),
  partners: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      role: z.enum(PARTNER_ROLES),
      tier: z.enum(PARTNER_TIERS),
      logo: z.string().nullable(),
      url: z.string().nullable(),
      booth: z.string(),
    }),
  ),
  photos: z.array(
    z.object({
      id: z.number().int(),
      src: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      caption: z.string(),
      takenAt: instant.nullable(),
    }),
  ),
  videos: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      /** Our own clip; null when the video lives in the editorial library (`videoSlug`). */
      src: z.string().nullable(),
      videoSlug: z.string().nullable(),
      poster: z.string().nullable(),
      durationSeconds: z.number().int().nullable(),
    }),
  ),
})

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(2_147_483_647, 'errors.invalid')

export const listExhibitions = defineContract({
  ...EXHIBITIONS.listExhibitions,
  cacheSeconds: 30,
  payload: z.object({
    year: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(2000, 'errors.invalid').max(2100, 'errors.invalid').optional(),
    region: z.enum(REGIONS, { error: 'errors.invalid' }).optional(),
    state: z.enum(EXHIBITION_STATES, { error: 'errors.invalid' }).optional(),
    type: z.enum(EXHIBITION_TYPES, { error: 'errors.invalid' }).optional(),
    /** upcoming = not ended yet (in progress first, then soonest); past = ended, latest first. */
    when: z.enum(['upcoming', 'past'], { error: 'errors.invalid' }).optional(),
    page: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(1000, 'errors.invalid').default(1),
    pageSize: z.coerce
      .number({ error: 'errors.invalid' })
      .int('errors.invalid')
      .min(1, 'errors.invalid')
      .max(48, 'errors.invalid')
      .default(EXHIBITIONS_PAGE_SIZE),
  }),
  result: z.object({
    /** Upcoming first (in progress, then soonest), then ended (latest first). */
    items: z.array(exhibitionCard),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** What the filters can offer, over every published exhibition. */
    facets: z.object({ years: z.array(z.number().int()), regions: z.array(z.enum(REGIONS)) }),
  }),
})

export const getExhibition = defineContract({
  ...EXHIBITIONS.getExhibition,
  cacheSeconds: 30,
  payload: z.object({ id }),
  result: exhibitionDetail,
})

export const getCampaign = defineContract({
  ...EXHIBITIONS.getCampaign,
  cacheSeconds: 30,
  payload: z.object({ campaign: z.enum(CAMPAIGNS, { error: 'errors.invalid' }) }),
  result: z.object({
    exhibition: exhibitionDetail,
    copy: z.object({
      headline: z.string(),
      pitch: z.string(),
      benefits: z.array(z.object({ title: z.string(), text: z.string() })),
    }),
  }),
})

export const listPartners = defineContract({
  ...EXHIBITIONS.listPartners,
  cacheSeconds: 30,
  payload: z.object({
    limit: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(48, 'errors.invalid').default(12),
  }),
  result: z.object({
    /** Sponsors of the brand's exhibitions, highest tier and most often first; one entry per name. */
    items: z.array(
      z.object({
        name: z.string(),
        logo: z.string().nullable(),
        url: z.string().nullable(),
        tier: z.enum(PARTNER_TIERS),
        exhibitions: z.number().int(),
      }),
    ),
  }),
})

/** docs/product.md#endpoints GET /wikifxweb-v1/index/advertisement/init-v1: the hero adverts of a placement, in order. */
export const listAdverts = defineContract({
  ...EXHIBITIONS.listAdverts,
  cacheSeconds: 30,
  payload: z.object({ placement: z.enum(AD_PLACEMENTS, { error: 'errors.invalid' }).default('home') }),
  result: z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        title: z.string(),
        text: z.string(),
        cta: z.string(),
        alt: z.string(),
        image: z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }),
        /** A path inside the site without the language (`/backDetail/12`), or an absolute https address. */
        href: z.string().nullable(),
        exhibitionId: z.number().int().nullable(),
        fellBackTo: locale.nullable(),
      }),
    ),
  }),
})
