import { countryName } from '../kit/country-names.ts'
import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/exhibitions.ts'
import type { Campaign, ExhibitionState, PartnerRole, PartnerTier, SessionKind } from '../../../shared/rules/exhibitions.ts'
import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { notFound } from '../errors.ts'
import type { RefundPolicy } from '../../../shared/rules/tickets.ts'
import {
  attendeePolicyOf,
  brandPartners,
  exhibitionByCampaign,
  exhibitionById,
  exhibitionChildren,
  type ExhibitionRow,
  type ExhibitionTextRow,
  exhibitionTexts,
  type ListFilter,
  listExhibitionRows,
  listFacets,
  liveAdverts,
} from './exhibitions.repo.ts'
import { type StateInput, stateOf, ticketsOnSale } from './state.ts'
import { fellBackTo, pickTexts } from './texts.ts'
import { localDate } from '../../../shared/zoned-time.ts'

export type ExhibitionCard = z.output<typeof contracts.exhibitionCard>
export type ExhibitionDetail = z.output<typeof contracts.exhibitionDetail>
type ListResult = z.output<typeof contracts.listExhibitions.result>
type CampaignResult = z.output<typeof contracts.getCampaign.result>
type AdvertsResult = z.output<typeof contracts.listAdverts.result>
type PartnersResult = z.output<typeof contracts.listPartners.result>

/** What other domains may ask of exhibitions (platform.services.exhibitions). */
export interface ExhibitionService {
  /** A published exhibition in a language (with fallback), or null when there is none with this id. */
  getById(id: number, locale: Locale): Promise<ExhibitionDetail | null>
  /** docs/product.md#exhibition-states state at `now` (default: the service's clock). Accepts instants as Date or ISO strings. */
  stateOf(exhibition: StateLike, now?: Date): ExhibitionState
  /** Whether the exhibition has ended; throws the 404 DomainError for an unknown id. Tickets answer "The event is over." with it. */
  isOver(id: number): Promise<boolean>
  /** Whether tickets can be bought now (sales window open, event not over); throws 404 for an unknown id. */
  isOnSale(id: number): Promise<boolean>
  /** docs/product.md#attendee-changes cut-off (null: the start) and docs/product.md#refund-policy; throws 404 for an unknown id. */
  attendeePolicy(id: number): Promise<AttendeePolicy>
  list(filter: ListFilter & { page: number; pageSize: number }, locale: Locale): Promise<ListResult>
  campaign(campaign: Campaign, locale: Locale): Promise<CampaignResult>
  partners(limit: number): Promise<PartnersResult>
  adverts(placement: string, locale: Locale): Promise<AdvertsResult>
}

export interface AttendeePolicy {
  attendeeChangesUntil: string | null
  refundPolicy: RefundPolicy & { fullUntil: string | null; partialUntil: string | null }
}

/** An exhibition as any domain may hold it: Dates or ISO strings. */
export interface StateLike {
  startsAt: Date | string
  endsAt: Date | string
  salesOpenAt: Date | string | null
  salesCloseAt: Date | string | null
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))
const toDateOrNull = (value: Date | string | null) => (value === null ? null : toDate(value))

function stateInput(exhibition: StateLike): StateInput {
  return {
    startsAt: toDate(exhibition.startsAt),
    endsAt: toDate(exhibition.endsAt),
    salesOpenAt: toDateOrNull(exhibition.salesOpenAt),
    salesCloseAt: toDateOrNull(exhibition.salesCloseAt),
  }
}

function rowState(row: ExhibitionRow): StateInput {
  return { startsAt: row.starts_at, endsAt: row.ends_at, salesOpenAt: row.sales_open_at, salesCloseAt: row.sales_close_at }
}

export interface ServiceDeps {
  db: Queryable
  /** The clock; tests pass a fixed one to check states at their boundaries. */
  now?: () => Date
}

export function createExhibitionService(deps: ServiceDeps): ExhibitionService {
  const { db } = deps
  const now = deps.now ?? (() => new Date())

  const card = (row: ExhibitionRow, texts: ExhibitionTextRow[], locale: Locale, at: Date): ExhibitionCard => {
    const picked = pickTexts(Object.fromEntries(texts.filter((text) => text.exhibition_id === row.id).map((text) => [text.locale, text])), locale)
    const text = picked?.texts
    const state = rowState(row)
    return {
      id: row.id,
      slug: row.slug,
      type: row.kind,
      title: text?.title ?? row.slug,
      tagline: text?.tagline ?? '',
      summary: text?.summary ?? '',
      city: text?.city || row.city,
      countryCode: row.country_code,
      country: countryName(row.country_code, locale),
      region: row.region,
      venueName: text?.venue_name ?? '',
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      timeZone: row.time_zone,
      state: stateOf(state, at),
      ticketsOnSale: ticketsOnSale(state, at),
      salesOpenAt: row.sales_open_at?.toISOString() ?? null,
      salesCloseAt: row.sales_close_at?.toISOString() ?? null,
      cover: row.cover_image,
      campaign: (row.campaign as Campaign | null) ?? null,
      recapFigures: row.ends_at.getTime() <= at.getTime() ? row.recap_figures : {},
      fellBackTo: fellBackTo(locale, picked?.locale),
    }
  }

  const detail = async (row: ExhibitionRow, locale: Locale): Promise<{ detail: ExhibitionDetail; texts: ExhibitionTextRow | null }> => {
    const at = now()
    const chain = contentFallbackChain(locale)
    const [texts, children] = await Promise.all([exhibitionTexts(db, [row.id], chain), exhibitionChildren(db, row.id)])
    const base = card(row, texts, locale, at)
    const used = pickTexts(Object.fromEntries(texts.map((text) => [text.locale, text])), locale)?.texts ?? null
    const speakersOf = new Map<number, number[]>()
    for (const link of children.sessionSpeakers) speakersOf.set(link.session_id, [...(speakersOf.get(link.session_id) ?? []), link.speaker_id])
    const ended = row.ends_at.getTime() <= at.getTime()
    return {
      texts: used,
      detail: {
        ...base,
        bodyHtml: used?.body_html ?? '',
        highlights: used?.highlights ?? [],
        recapSummary: ended ? (used?.recap_summary ?? '') : '',
        venue: {
          name: used?.venue_name ?? '',
          address: used?.address ?? '',
          lat: row.venue_lat,
          lng: row.venue_lng,
          mapImage: row.map_image,
          mapZoom: row.map_zoom,
        },
        agenda: children.days.map((day) => ({
          date: day.day,
          title: pickTexts(day.texts, locale)?.texts.title ?? '',
          sessions: children.sessions
            .filter((session) => localDate(session.starts_at, row.time_zone) === day.day)
            .map((session) => {
              const text = pickTexts(session.texts, locale)?.texts
              return {
                id: session.id,
                startsAt: session.starts_at.toISOString(),
                endsAt: session.ends_at.toISOString(),
                kind: session.kind as SessionKind,
                room: session.room,
                title: text?.title ?? '',
                description: text?.description ?? '',
                speakerIds: speakersOf.get(session.id) ?? [],
              }
            }),
        })),
        speakers: children.speakers.map((speaker) => {
          const text = pickTexts(speaker.texts, locale)?.texts
          return { id: speaker.id, name: speaker.name, title: text?.title ?? '', company: speaker.company, photo: speaker.photo, bio: text?.bio ?? '' }
        }),
        partners: children.partners.map((partner) => ({
          id: partner.id,
          name: partner.name,
          role: partner.role as PartnerRole,
          tier: partner.tier as PartnerTier,
          logo: partner.logo,
          url: partner.url,
          booth: partner.booth,
        })),
        photos: children.photos.map((photo) => ({
          id: photo.id,
          src: photo.src,
          width: photo.width,
          height: photo.height,
          caption: pickTexts(photo.texts, locale)?.texts.caption ?? '',
          takenAt: photo.taken_at?.toISOString() ?? null,
        })),
        videos: children.videos.map((video) => ({
          id: video.id,
          title: pickTexts(video.texts, locale)?.texts.title ?? '',
          src: video.src,
          videoSlug: video.video_slug,
          poster: video.poster,
          durationSeconds: video.duration_seconds,
        })),
      },
    }
  }

  const requireRow = async (id: number) => {
    const row = await exhibitionById(db, id)
    if (!row) throw notFound()
    return row
  }

  return {
    async getById(id, locale) {
      const row = await exhibitionById(db, id)
      return row ? (await detail(row, locale)).detail : null
    },
    stateOf(exhibition, at = now()) {
      return stateOf(stateInput(exhibition), at)
    },
    async isOver(id) {
      const row = await requireRow(id)
      return row.ends_at.getTime() <= now().getTime()
    },
    async isOnSale(id) {
      return ticketsOnSale(rowState(await requireRow(id)), now())
    },
    async attendeePolicy(id) {
      const row = await attendeePolicyOf(db, id)
      if (!row) throw notFound()
      return {
        attendeeChangesUntil: row.attendee_changes_until?.toISOString() ?? null,
        refundPolicy: {
          selfCancel: row.self_cancel,
          fullUntil: row.refund_full_until?.toISOString() ?? null,
          partialUntil: row.refund_partial_until?.toISOString() ?? null,
          partialPercent: row.refund_partial_percent,
        },
      }
    },
    async list(filter, locale) {
      const at = now()
      const { page, pageSize, ...rest } = filter
      const [{ rows, total }, facets] = await Promise.all([
        listExhibitionRows(db, rest, at, { limit: pageSize, offset: (page - 1) * pageSize }),
        listFacets(db),
      ])
      const texts = await exhibitionTexts(
        db,
        rows.map((row) => row.id),
        contentFallbackChain(locale),
      )
      return { items: rows.map((row) => card(row, texts, locale, at)), total, page, pageSize, facets }
    },
    async campaign(campaign, locale) {
      const row = await exhibitionByCampaign(db, campaign)
      if (!row) throw notFound()
      const { detail: exhibition, texts } = await detail(row, locale)
      // The campaign copy follows the exhibition's texts; a language without it takes the chain's next that has it.
      let copy = texts?.campaign ?? null
      if (!copy) {
        const all = await exhibitionTexts(db, [row.id], contentFallbackChain(locale))
        copy = pickTexts(Object.fromEntries(all.filter((text) => text.campaign).map((text) => [text.locale, text.campaign])), locale)?.texts ?? null
      }
      if (!copy) throw notFound()
      return { exhibition, copy }
    },
    async partners(limit) {
      const items = await brandPartners(db, limit)
      return { items: items.map((item) => ({ ...item, tier: item.tier as PartnerTier })) }
    },
    async adverts(placement, locale) {
      const rows = await liveAdverts(db, placement, now())
      const items: AdvertsResult['items'] = []
      for (const row of rows) {
        const picked = pickTexts(row.texts, locale)
        if (!picked) continue
        items.push({
          id: row.id,
          slug: row.slug,
          title: picked.texts.title,
          text: picked.texts.text,
          cta: picked.texts.cta,
          alt: picked.texts.alt,
          image: { src: row.image, width: row.image_width, height: row.image_height },
          href: row.link ?? (row.exhibition_id !== null ? `/backDetail/${row.exhibition_id}` : null),
          exhibitionId: row.exhibition_id,
          fellBackTo: fellBackTo(locale, picked.locale),
        })
      }
      return { items }
    },
  }
}
