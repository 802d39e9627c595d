/**
 * The console's editor of an exhibition's content and of the home page's adverts (docs/product.md#console-pages): its parts,
 * limits and address rules, shared by the pages and the contracts. Zod-free. The limits are those of the
 * content folder's files (server/platform/exhibitions/content-schema.ts), so whatever the console saves
 * exports as a valid file.
 */

/** The parts of an exhibition the editor saves one at a time, each with its own version. */
export const CONTENT_PARTS = ['recap', 'speakers', 'agenda', 'partners', 'photos', 'videos', 'map'] as const
export type ContentPart = (typeof CONTENT_PARTS)[number]

export const CONTENT_LIMITS = {
  /** Items in one list: far above a real exhibition, low enough that one save stays one quick transaction. */
  speakers: 300,
  days: 31,
  sessions: 400,
  sessionSpeakers: 20,
  partners: 300,
  photos: 500,
  videos: 100,
  name: 120,
  company: 120,
  speakerTitle: 160,
  bio: 1200,
  sessionTitle: 200,
  description: 1200,
  room: 80,
  dayTitle: 160,
  booth: 20,
  caption: 300,
  videoTitle: 200,
  recap: 2000,
  address: 500,
  figureMax: 10_000_000,
  pixelsMax: 20_000,
  advertTitle: 140,
  advertText: 300,
  cta: 40,
  alt: 200,
  slug: 64,
} as const

/** A key of an item inside its exhibition (the content file's `key`) or an advert's slug. */
export const CONTENT_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/

/** A file served by this site (`/media/...`, `/demo/...`) or an https address: the content folder's asset rule. */
export const ASSET_PATTERN = /^(\/(?!\/)[A-Za-z0-9._~/-]+|https:\/\/[^\s"'<>]+)$/

/** A partner's site: http(s) only, never `javascript:` or `data:`. */
export const WEB_ADDRESS_PATTERN = /^https?:\/\/[^\s"'<>]+$/

/** Where an advert leads: a path inside the site without the language (/{lang} is added by the page), or https. */
export const ADVERT_LINK_PATTERN = /^(\/(?!\/)[A-Za-z0-9._~/?=&%-]*|https:\/\/[^\s"'<>]+)$/

/** A calendar day as the agenda stores it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** What visitors see of an advert now: not published, waiting for its window, showing, or past it. */
export const ADVERT_STATES = ['unpublished', 'scheduled', 'live', 'ended'] as const
export type AdvertState = (typeof ADVERT_STATES)[number]

/** The same window the home page's query uses (exhibitions.repo.ts liveAdverts), an exhibition that is over aside. */
export function advertState(advert: { published: boolean; showsFrom: Date | null; showsUntil: Date | null }, now: Date): AdvertState {
  if (!advert.published) return 'unpublished'
  if (advert.showsUntil && advert.showsUntil <= now) return 'ended'
  if (advert.showsFrom && advert.showsFrom > now) return 'scheduled'
  return 'live'
}
