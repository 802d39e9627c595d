import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import type { ExhibitorPageView } from '../../api/exhibitors.ts'
import type { BrokerProfile } from '../../api/search.ts'
import type { Availability, TicketTypeCard } from '../../api/tickets.ts'
import { selectionPath } from '../../../shared/checkout-steps.ts'
import { currencyDigits } from '../../../shared/rules/money.ts'

/**
 * schema.org objects for <JsonLd>: an exhibition as an Event, the brand and brokers as Organizations,
 * breadcrumbs (videos: videos-schema.ts). Shapes follow Google's rich results (developers.google.com/search/docs/appearance/structured-data):
 * Event needs name, startDate and a location with an address; a VideoObject name, thumbnailUrl and uploadDate.
 */

export interface SiteFacts {
  origin: string
  lang: string
  htmlLang: string
  brandName: string
}

const OFFER_AVAILABILITY = {
  onSale: 'https://schema.org/InStock',
  later: 'https://schema.org/PreSale',
  over: 'https://schema.org/Discontinued',
} as const

/** A ticket type's coarse availability as schema.org's ItemAvailability. */
const TICKET_AVAILABILITY: Record<Availability, string> = {
  available: OFFER_AVAILABILITY.onSale,
  few: 'https://schema.org/LimitedAvailability',
  soldOut: 'https://schema.org/SoldOut',
  notYet: OFFER_AVAILABILITY.later,
  ended: OFFER_AVAILABILITY.over,
}

/** Integer minor units as schema.org's decimal price text ("1250.00", "9800" for yen). */
export function schemaPrice(minor: number, currency: string): string {
  const digits = currencyDigits(currency)
  return (minor / 10 ** digits).toFixed(digits)
}

/**
 * One Offer per ticket type, with its price, currency, availability and sales window; without the
 * ticket types (their call failed), one Offer that says only whether tickets can be bought.
 */
function offersOf(exhibition: ExhibitionDetail, ticketTypes: readonly TicketTypeCard[] | null, url: string) {
  const validFrom = (start: string | null) => start ?? exhibition.salesOpenAt
  if (ticketTypes?.length) {
    return ticketTypes.map((type) => {
      const from = validFrom(type.salesStartAt)
      const through = type.salesEndAt ?? exhibition.salesCloseAt
      return {
        '@type': 'Offer',
        name: type.name,
        url,
        price: schemaPrice(type.priceMinor, type.currency),
        priceCurrency: type.currency,
        availability: exhibition.state === 'ended' ? OFFER_AVAILABILITY.over : TICKET_AVAILABILITY[type.availability],
        ...(from ? { validFrom: from } : {}),
        ...(through ? { validThrough: through } : {}),
      }
    })
  }
  const availability = exhibition.state === 'ended' ? OFFER_AVAILABILITY.over : exhibition.ticketsOnSale ? OFFER_AVAILABILITY.onSale : OFFER_AVAILABILITY.later
  return { '@type': 'Offer', url, availability, ...(exhibition.salesOpenAt ? { validFrom: exhibition.salesOpenAt } : {}) }
}

export function eventSchema(exhibition: ExhibitionDetail, site: SiteFacts, ticketTypes: readonly TicketTypeCard[] | null = null): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, site.origin).href
  const pageUrl = absolute(`/${site.lang}/backDetail/${exhibition.id}`)
  return {
    '@type': exhibition.type === 'exhibition' ? 'ExhibitionEvent' : 'BusinessEvent',
    name: exhibition.title,
    description: exhibition.summary,
    url: pageUrl,
    inLanguage: site.htmlLang,
    ...(exhibition.cover ? { image: [absolute(exhibition.cover)] } : {}),
    startDate: exhibition.startsAt,
    endDate: exhibition.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: exhibition.venue.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: exhibition.venue.address,
        addressLocality: exhibition.city,
        addressCountry: exhibition.countryCode,
      },
      ...(exhibition.venue.lat !== null && exhibition.venue.lng !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: exhibition.venue.lat, longitude: exhibition.venue.lng } }
        : {}),
    },
    organizer: { '@type': 'Organization', name: site.brandName, url: absolute(`/${site.lang}`) },
    offers: offersOf(exhibition, ticketTypes, absolute(selectionPath(site.lang, exhibition.id))),
    ...(exhibition.speakers.length ? { performer: exhibition.speakers.slice(0, 12).map((speaker) => ({ '@type': 'Person', name: speaker.name })) } : {}),
    ...(exhibition.partners.some((partner) => partner.role === 'sponsor')
      ? {
          sponsor: exhibition.partners
            .filter((partner) => partner.role === 'sponsor')
            .map((partner) => ({ '@type': 'Organization', name: partner.name, ...(partner.url ? { url: partner.url } : {}) })),
        }
      : {}),
  }
}

export function organizationSchema(site: SiteFacts & { email: string; sameAs: string[]; foundingYear: number; description: string }): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name: site.brandName,
    url: new URL(`/${site.lang}`, site.origin).href,
    logo: new URL('/favicon.svg', site.origin).href,
    description: site.description,
    email: site.email,
    foundingDate: String(site.foundingYear),
    ...(site.sameAs.length ? { sameAs: site.sameAs } : {}),
  }
}

/** One step of a breadcrumb trail: the page that draws the trail and its JSON-LD read the same list. */
export interface Crumb {
  name: string
  /** A site path; the current page has none. */
  href?: string
}

export function breadcrumbSchema(crumbs: readonly Crumb[], origin: string): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.href ? { item: new URL(crumb.href, origin).href } : {}),
    })),
  }
}

/** A broker's profile page: the broker as an Organization (its site and logo where known). */
export function brokerSchema(broker: BrokerProfile, site: Pick<SiteFacts, 'origin' | 'lang'>): Record<string, unknown> {
  const page = new URL(`/${site.lang}/dealer/${encodeURIComponent(broker.traderCode)}.html`, site.origin).href
  const otherNames = [...new Set([broker.names.en, broker.names.hans, broker.names.hant, ...broker.aliases])].filter((name) => name && name !== broker.name)
  return {
    '@type': 'Organization',
    '@id': `${page}#organization`,
    name: broker.name,
    ...(otherNames.length ? { alternateName: otherNames } : {}),
    url: broker.website ?? page,
    mainEntityOfPage: page,
    ...(broker.ico ? { logo: new URL(broker.ico, site.origin).href } : {}),
    ...(broker.country ? { address: { '@type': 'PostalAddress', addressCountry: broker.country } } : {}),
    ...(broker.founded ? { foundingDate: String(broker.founded) } : {}),
    ...(broker.website ? { sameAs: [broker.website] } : {}),
  }
}

/**
 * An exhibitor's page: the company as an Organization. `url` is its page here, `sameAs` its own
 * site; the description is the plain text it wrote (serialised as data, never as markup).
 */
export function exhibitorSchema(exhibitor: ExhibitorPageView['exhibitor'], site: { origin: string; path: string }): Record<string, unknown> {
  const page = new URL(site.path, site.origin).href
  return {
    '@type': 'Organization',
    '@id': `${page}#organization`,
    name: exhibitor.name,
    url: page,
    ...(exhibitor.logo ? { logo: new URL(exhibitor.logo.src, site.origin).href } : {}),
    ...(exhibitor.description || exhibitor.summary ? { description: exhibitor.description || exhibitor.summary } : {}),
    ...(exhibitor.country ? { address: { '@type': 'PostalAddress', addressCountry: exhibitor.country } } : {}),
    ...(exhibitor.website ? { sameAs: [exhibitor.website] } : {}),
  }
}
