import { describe, expect, it } from 'vitest'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { eventSchema, organizationSchema } from './schemas.ts'

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
})
