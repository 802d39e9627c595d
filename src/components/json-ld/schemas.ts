import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { selectionPath } from '../../lib/checkout-steps.ts'

/** schema.org objects for <JsonLd>: an exhibition as an Event, the brand as an Organization. */

interface SiteFacts {
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

export function eventSchema(exhibition: ExhibitionDetail, site: SiteFacts): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, site.origin).href
  const pageUrl = absolute(`/${site.lang}/backDetail/${exhibition.id}`)
  const availability = exhibition.state === 'ended' ? OFFER_AVAILABILITY.over : exhibition.ticketsOnSale ? OFFER_AVAILABILITY.onSale : OFFER_AVAILABILITY.later
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
    offers: {
      '@type': 'Offer',
      url: absolute(selectionPath(site.lang, exhibition.id)),
      availability,
      ...(exhibition.salesOpenAt ? { validFrom: exhibition.salesOpenAt } : {}),
    },
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
