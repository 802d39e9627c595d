import { describe, expect, it } from 'vitest'
import { planAnalytics } from './analytics.ts'

const both = { analyticsUrl: 'https://stats.example/a.js', tagUrl: 'https://tags.example/t.js' }

describe('planAnalytics (docs/product.md#page-extras)', () => {
  it('when nothing is configured, then nothing loads and nobody is asked', () => {
    expect(planAnalytics({ analyticsUrl: null, tagUrl: null, country: 'DE', consent: null })).toEqual({ analytics: false, tags: false, askConsent: false })
  })
  it('when the visitor is in China, then the tag script never loads', () => {
    expect(planAnalytics({ ...both, country: 'CN', consent: 'granted' })).toMatchObject({ analytics: true, tags: false })
    expect(planAnalytics({ ...both, country: 'CN', consent: null })).toMatchObject({ analytics: true, tags: false, askConsent: false })
  })
  it('when the region requires consent and none was given, then nothing loads and the visitor is asked', () => {
    expect(planAnalytics({ ...both, country: 'FR', consent: null })).toEqual({ analytics: false, tags: false, askConsent: true })
  })
  it('when consent was granted in such a region, then both load', () => {
    expect(planAnalytics({ ...both, country: 'FR', consent: 'granted' })).toEqual({ analytics: true, tags: true, askConsent: false })
  })
  it('when consent was declined anywhere, then nothing loads', () => {
    expect(planAnalytics({ ...both, country: 'US', consent: 'denied' })).toEqual({ analytics: false, tags: false, askConsent: false })
  })
  it('when the country is unknown, then the visitor is asked', () => {
    expect(planAnalytics({ ...both, country: null, consent: null }).askConsent).toBe(true)
  })
})
