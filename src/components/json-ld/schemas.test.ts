import { describe, expect, it } from 'vitest'
import type { Video } from '../../api/editorial.ts'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import type { BrokerProfile } from '../../api/search.ts'
import type { TicketTypeCard } from '../../api/tickets.ts'
import { breadcrumbSchema, brokerSchema, eventSchema, organizationSchema, schemaPrice } from './schemas.ts'
import { videosSchema } from './videos-schema.ts'

const site = { origin: 'https://expo.example', lang: 'en', htmlLang: 'en', brandName: 'Aurum Expo' }
const exhibition: ExhibitionDetail = {
  id: 7,
  slug: 'london-2027',
  type: 'exhibition',
  title: 'European Premium Expo London 2027',
  tagline: '',
  summary: 'Two days in London.',
  city: 'London',
  countryCode: 'GB',
  country: 'United Kingdom',
  region: 'europe',
  venueName: 'ExCeL London',
  startsAt: '2027-03-16T09:00:00.000Z',
  endsAt: '2027-03-17T18:00:00.000Z',
  timeZone: 'Europe/London',
  state: 'signingUp',
  ticketsOnSale: true,
  salesOpenAt: '2026-11-01T10:00:00.000Z',
  salesCloseAt: null,
  cover: '/demo/exhibitions/london-2027/cover.svg',
  campaign: 'europeanPremium',
  recapFigures: {},
  fellBackTo: null,
  bodyHtml: '',
  highlights: [],
  recapSummary: '',
  venue: { name: 'ExCeL London', address: 'Royal Victoria Dock', lat: 51.5, lng: 0.03, mapImage: null, mapZoom: 16 },
  agenda: [],
  speakers: [{ id: 1, name: 'Amelia Hart', title: 'CEO', company: 'Northwind', photo: null, bio: '' }],
  partners: [
    { id: 1, name: 'Helix Prime', role: 'sponsor', tier: 'headline', logo: null, url: 'https://helix.example', booth: '' },
    { id: 2, name: 'Booth Co', role: 'exhibitor', tier: 'exhibitor', logo: null, url: null, booth: 'A01' },
  ],
  photos: [],
  videos: [],
}

describe('schema.org', () => {
  it('when an exhibition is on sale, then its Event has the location, an in-stock offer, the status and the attendance mode', () => {
    const schema = eventSchema(exhibition, site)
    expect(schema).toMatchObject({
      '@type': 'ExhibitionEvent',
      startDate: '2027-03-16T09:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      image: ['https://expo.example/demo/exhibitions/london-2027/cover.svg'],
      location: { '@type': 'Place', name: 'ExCeL London', address: { addressCountry: 'GB' }, geo: { latitude: 51.5, longitude: 0.03 } },
      offers: { '@type': 'Offer', url: 'https://expo.example/en/apply/registration?exhibitionId=7', availability: 'https://schema.org/InStock' },
      performer: [{ '@type': 'Person', name: 'Amelia Hart' }],
      sponsor: [{ '@type': 'Organization', name: 'Helix Prime', url: 'https://helix.example' }],
    })
  })

  it('when it has ended or is not on sale yet, then the offer says so', () => {
    expect(eventSchema({ ...exhibition, state: 'ended', ticketsOnSale: false }, site)).toMatchObject({
      offers: { availability: 'https://schema.org/Discontinued' },
    })
    expect(eventSchema({ ...exhibition, state: 'lookingForward', ticketsOnSale: false }, site)).toMatchObject({
      offers: { availability: 'https://schema.org/PreSale' },
    })
  })

  it('when the brand is described, then the Organization links its channels', () => {
    const schema = organizationSchema({ ...site, email: 'hello@expo.example', sameAs: ['https://x.com/expo'], foundingYear: 2019, description: 'Exhibitions' })
    expect(schema).toEqual({
      '@type': 'Organization',
      name: 'Aurum Expo',
      url: 'https://expo.example/en',
      logo: 'https://expo.example/favicon.svg',
      description: 'Exhibitions',
      email: 'hello@expo.example',
      foundingDate: '2019',
      sameAs: ['https://x.com/expo'],
    })
  })

  const ticket = (overrides: Partial<TicketTypeCard>): TicketTypeCard => ({
    id: 1,
    name: 'Standard',
    description: '',
    priceMinor: 12_900,
    currency: 'GBP',
    maxPerOrder: 5,
    availability: 'available',
    salesStartAt: null,
    salesEndAt: null,
    ...overrides,
  })

  it('when the ticket types are known, then each is an Offer with its decimal price, currency, availability and sales window', () => {
    const schema = eventSchema(exhibition, site, [
      ticket({}),
      ticket({ id: 2, name: 'VIP', priceMinor: 49_900, availability: 'few', salesStartAt: '2026-12-01T00:00:00.000Z', salesEndAt: '2027-03-15T00:00:00.000Z' }),
      ticket({ id: 3, name: 'Free pass', priceMinor: 0, availability: 'soldOut' }),
    ])
    expect(schema.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'Standard',
        url: 'https://expo.example/en/apply/registration?exhibitionId=7',
        price: '129.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        validFrom: '2026-11-01T10:00:00.000Z',
      },
      {
        '@type': 'Offer',
        name: 'VIP',
        url: 'https://expo.example/en/apply/registration?exhibitionId=7',
        price: '499.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/LimitedAvailability',
        validFrom: '2026-12-01T00:00:00.000Z',
        validThrough: '2027-03-15T00:00:00.000Z',
      },
      expect.objectContaining({ name: 'Free pass', price: '0.00', availability: 'https://schema.org/SoldOut' }),
    ])
  })

  it('when the exhibition is over, then every ticket Offer is discontinued', () => {
    const schema = eventSchema({ ...exhibition, state: 'ended', ticketsOnSale: false }, site, [ticket({ availability: 'available' })])
    expect(schema.offers).toEqual([expect.objectContaining({ availability: 'https://schema.org/Discontinued' })])
  })

  it('when a currency has no minor unit, then the price has no decimals', () => {
    expect(schemaPrice(9_800, 'JPY')).toBe('9800')
    expect(schemaPrice(1_250, 'USD')).toBe('12.50')
  })

  it('when breadcrumbs are given, then the list numbers them from 1 and the current page has no item', () => {
    expect(breadcrumbSchema([{ name: 'Home', href: '/en' }, { name: 'News', href: '/en/news.html' }, { name: 'An article' }], 'https://expo.example')).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://expo.example/en' },
        { '@type': 'ListItem', position: 2, name: 'News', item: 'https://expo.example/en/news.html' },
        { '@type': 'ListItem', position: 3, name: 'An article' },
      ],
    })
  })

  const broker: BrokerProfile = {
    code: 'B1',
    traderCode: 'ACME001',
    name: 'Acme Markets',
    names: { en: 'Acme Markets', hans: '艾克米', hant: '艾克米' },
    aliases: [],
    ico: '/demo/brokers/acme.svg',
    label: 'regulated',
    annotation: 'Regulated',
    color: '#1a7f37',
    rating: 8.1,
    country: 'CY',
    countryName: 'Cyprus',
    founded: 2009,
    website: 'https://acme.example',
    licences: [],
    warnings: [],
  } as unknown as BrokerProfile

  it('when a broker is described, then its Organization has the name, logo, site, country and other names', () => {
    expect(brokerSchema(broker, site)).toEqual({
      '@type': 'Organization',
      '@id': 'https://expo.example/en/dealer/ACME001.html#organization',
      name: 'Acme Markets',
      alternateName: ['艾克米'],
      url: 'https://acme.example',
      mainEntityOfPage: 'https://expo.example/en/dealer/ACME001.html',
      logo: 'https://expo.example/demo/brokers/acme.svg',
      address: { '@type': 'PostalAddress', addressCountry: 'CY' },
      foundingDate: '2009',
      sameAs: ['https://acme.example'],
    })
  })

  it('when a broker has no website or country, then the page is its url and no address is made up', () => {
    const schema = brokerSchema({ ...broker, website: null, country: null, ico: '' }, site)
    expect(schema).toMatchObject({ url: 'https://expo.example/en/dealer/ACME001.html' })
    expect(schema).not.toHaveProperty('address')
    expect(schema).not.toHaveProperty('sameAs')
    expect(schema).not.toHaveProperty('logo')
  })

  it('when several videos are shown, then each is a VideoObject with what Google requires', () => {
    const video = (id: number, overrides: Partial<Video> = {}): Video => ({
      id,
      slug: `v${id}`,
      category: 'keynotes',
      title: `Video ${id}`,
      description: '',
      poster: { src: `/demo/videos/posters/v${id}.svg`, width: 1280, height: 720, alt: '' },
      durationSeconds: 3723,
      publishedAt: '2026-05-01T10:00:00.000Z',
      sources: [
        { src: `/demo/videos/hls/v${id}.m3u8`, type: 'application/vnd.apple.mpegurl' },
        { src: `/demo/videos/v${id}.mp4`, type: 'video/mp4' },
      ],
      captions: [],
      exhibitionSlug: null,
      fellBackTo: null,
      ...overrides,
    })
    const schema = videosSchema(
      [video(1), video(2, { fellBackTo: 'en', durationSeconds: 0 })],
      { ...site, lang: 'ja', htmlLang: 'ja' },
      (shown) => `/ja/video.html?v=${shown.id}`,
    )
    expect(schema['@graph']).toEqual([
      {
        '@type': 'VideoObject',
        name: 'Video 1',
        description: 'Video 1',
        thumbnailUrl: ['https://expo.example/demo/videos/posters/v1.svg'],
        uploadDate: '2026-05-01T10:00:00.000Z',
        duration: 'PT1H2M3S',
        contentUrl: 'https://expo.example/demo/videos/v1.mp4',
        url: 'https://expo.example/ja/video.html?v=1',
        inLanguage: 'ja',
      },
      expect.not.objectContaining({ duration: expect.anything() }),
    ])
    expect((schema['@graph'] as Array<Record<string, unknown>>)[1]).toMatchObject({ inLanguage: 'en', contentUrl: 'https://expo.example/demo/videos/v2.mp4' })
  })
})
