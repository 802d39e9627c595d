import { describe, expect, it } from 'vitest'
import { demoShift } from '../../../content/demo-dates.ts'
import { validateExhibitionFile } from '../content-schema.ts'
import { exhibitionYears, redateAdvert, redateExhibition, shiftAtVenue } from './redate.ts'

const june2027 = demoShift({ writtenFor: '2026-11-26', today: new Date('2027-06-01T08:00:00Z'), years: new Map([['london-2027', 2027]]) })

describe('demo shift of exhibitions', () => {
  it('when a shift crosses a change to summer time, then the venue keeps its wall-clock time', () => {
    expect(shiftAtVenue('2027-03-16T09:00:00+00:00', 182, 'Europe/London')).toBe('2027-09-14T09:00:00+01:00')
    expect(shiftAtVenue('2026-04-01T10:00:00+11:00', 182, 'Australia/Sydney')).toBe('2026-09-30T10:00:00+10:00')
    expect(shiftAtVenue(null, 182, 'Europe/London')).toBe(null)
  })

  it('when an exhibition file is shifted, then every date moves, the agenda still fits its days and {{year}} is the year it starts', () => {
    const file = {
      slug: 'dubai-2026',
      type: 'exhibition',
      region: 'middleEast',
      countryCode: 'AE',
      city: 'Dubai',
      timeZone: 'Asia/Dubai',
      startsAt: '2026-11-21T09:00:00+04:00',
      endsAt: '2026-11-23T16:00:00+04:00',
      salesOpenAt: '2026-08-01T10:00:00+04:00',
      venue: {},
      texts: { en: { title: 'Dubai {{year}}', summary: 'S', city: 'Dubai', venueName: 'V', address: 'A' } },
      agenda: [
        {
          date: '2026-11-21',
          texts: { en: { title: 'Day one' } },
          sessions: [
            { key: 'open', startsAt: '2026-11-21T09:00:00+04:00', endsAt: '2026-11-21T10:00:00+04:00', kind: 'keynote', texts: { en: { title: 'Open' } } },
          ],
        },
      ],
      photos: [{ key: 'p', src: '/demo/p.svg', width: 10, height: 10, takenAt: '2026-11-21T11:00:00+04:00', texts: { en: { caption: '' } } }],
    }
    const moved = redateExhibition({ name: 'dubai-2026.json', data: file }, june2027).data as typeof file & { salesCloseAt?: unknown }
    expect(moved.startsAt).toBe('2027-05-22T09:00:00+04:00')
    expect(moved.endsAt).toBe('2027-05-24T16:00:00+04:00')
    expect(moved.salesOpenAt).toBe('2027-01-30T10:00:00+04:00')
    expect('salesCloseAt' in moved).toBe(false)
    expect(moved.agenda[0]?.date).toBe('2027-05-22')
    expect(moved.agenda[0]?.sessions[0]?.startsAt).toBe('2027-05-22T09:00:00+04:00')
    expect(moved.photos[0]?.takenAt).toBe('2027-05-22T11:00:00+04:00')
    expect(moved.texts.en.title).toBe('Dubai 2027')
    expect(validateExhibitionFile('dubai-2026.json', moved).problems).toEqual({})
    expect(exhibitionYears({ name: 'dubai-2026.json', data: file }, june2027)).toEqual([['dubai-2026', 2027]])
  })

  it('when an advert is shifted, then its window moves and {{year}} is the year of its exhibition', () => {
    const advert = { slug: 'a', exhibition: 'london-2027', showsFrom: '2026-11-01T00:00:00Z', showsUntil: null, texts: { en: { title: 'London {{year}}' } } }
    expect(redateAdvert({ name: 'a.json', data: advert }, june2027).data).toEqual({
      ...advert,
      showsFrom: '2027-05-02T00:00:00.000Z',
      texts: { en: { title: 'London 2027' } },
    })
  })
})
