import { describe, expect, it } from 'vitest'
import { landingFor, sectionGroupsFor, sectionsFor } from './sections.ts'

describe('sectionsFor', () => {
  it('when the member is an owner, then every section is shown', () => {
    expect(sectionsFor(['owner']).map((section) => section.id)).toEqual([
      'home',
      'exhibitions',
      'orders',
      'payments',
      'applications',
      'exhibitors',
      'visitors',
      'content',
      'pages',
      'adverts',
      'media',
      'comments',
      'checkin',
      'register',
      'scamReports',
      'alerts',
      'staff',
      'audit',
      'invoicing',
      'sessions',
    ])
  })

  it('when the member is support, then orders, the payment queue, applications, exhibitors and comments are shown, staff and audit not', () => {
    expect(sectionsFor(['support']).map((section) => section.id)).toEqual([
      'home',
      'orders',
      'payments',
      'applications',
      'exhibitors',
      'visitors',
      'comments',
      'sessions',
    ])
  })

  it('when the member is an editor, then comments and the content editor are shown, staff and audit not', () => {
    expect(sectionsFor(['editor']).map((section) => section.id)).toEqual(['home', 'content', 'pages', 'adverts', 'media', 'comments', 'sessions'])
  })

  it('when the member only works the door, then the check-in screen is their one section besides their own account', () => {
    expect(sectionsFor(['checkin']).map((section) => section.id)).toEqual(['home', 'checkin', 'sessions'])
  })
})

describe('sectionGroupsFor', () => {
  it('when a member has sections under several headings, then each heading holds its own in order and empty ones are left out', () => {
    expect(sectionGroupsFor(['editor', 'checkin']).map(({ group, sections }) => [group, sections.map((section) => section.id)])).toEqual([
      ['start', ['home']],
      ['publishing', ['content', 'pages', 'adverts', 'media', 'comments']],
      ['door', ['checkin']],
      ['administration', ['sessions']],
    ])
  })
})

describe('landingFor', () => {
  it('when the member only works the door, then they start at the check-in screen', () => {
    expect(landingFor(['checkin'])).toBe('/console/checkin')
  })

  it('when the member does more than the door, then they start at home', () => {
    expect(landingFor(['checkin', 'support'])).toBe('/console')
    expect(landingFor(['manager'])).toBe('/console')
    expect(landingFor(['editor'])).toBe('/console')
  })
})
