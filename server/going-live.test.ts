import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'
import { DEMO_LEGAL_SHA256, DEMO_LOGO_SHA256, demoIdentityLeft, goingLiveList, legalFingerprint, logoFingerprint } from './going-live.ts'

const own = {
  NODE_ENV: 'production',
  BRAND_NAME: 'Harbour Fair',
  CONTACT_EMAIL: 'hello@harbourfair.org',
  QA_EMAIL: 'complaints@harbourfair.org',
  SOCIAL_LINKS: 'x=https://x.com/harbourfair',
  PUBLIC_ORIGIN: 'https://harbourfair.org',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  SMTP_URL: 'smtps://mail.harbourfair.org',
  METRICS_TOKEN: 'm'.repeat(24),
}
const replaced = { logo: 'f'.repeat(64), legal: 'e'.repeat(64), invoicing: true }
const notDone = (list: Array<{ id: string; done: boolean }>) => list.filter((entry) => !entry.done).map((entry) => entry.id)

describe('the demo identity and the going-live list', () => {
  it('when the files we ship are read, then they are the demo fingerprints (update them when the demo logo or legal texts change)', () => {
    expect(logoFingerprint()).toBe(DEMO_LOGO_SHA256)
    expect(legalFingerprint()).toBe(DEMO_LEGAL_SHA256)
  })

  it('when nothing is configured, then every identity item is the demo’s and no item of the list is done', () => {
    const config = parseConfig({ NODE_ENV: 'production' })
    expect(demoIdentityLeft(config)).toEqual(['brandName', 'contactEmail', 'qaEmail', 'socialLinks', 'logo'])
    expect(goingLiveList(config, { demoContent: true, invoicing: false }).filter((item) => item.done)).toEqual([])
  })

  it('when a brand has set everything and removed the demo, then every item is ticked and nothing is left of the demo identity', () => {
    const config = parseConfig(own)
    expect(demoIdentityLeft(config, replaced)).toEqual([])
    expect(notDone(goingLiveList(config, { demoContent: false, ...replaced }))).toEqual([])
  })

  it('when one thing at a time is left as the demo had it, then exactly that item is not ticked', () => {
    const cases: Array<[Record<string, string | undefined>, boolean, string]> = [
      [{ BRAND_NAME: undefined }, false, 'brandName'],
      [{ CONTACT_EMAIL: 'sales@aurum-expo.example' }, false, 'contactEmail'],
      [{ QA_EMAIL: undefined }, false, 'qaEmail'],
      [{ SOCIAL_LINKS: 'x=https://x.com/harbourfair,telegram=https://t.me/aurumexpo' }, false, 'socialLinks'],
      [{}, true, 'demoContent'],
      [{ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }, false, 'payments'],
      [{ SMTP_URL: undefined }, false, 'mail'],
      [{ METRICS_TOKEN: undefined }, false, 'metrics'],
      [{ PUBLIC_ORIGIN: 'http://harbourfair.org' }, false, 'https'],
    ]
    for (const [change, demoContent, item] of cases) {
      expect(notDone(goingLiveList(parseConfig({ ...own, ...change }), { demoContent, ...replaced })), item).toEqual([item])
    }
    expect(notDone(goingLiveList(parseConfig({ ...own, METRICS_TOKEN: undefined, METRICS_PORT: '9464' }), { demoContent: false, ...replaced }))).toEqual([])
    expect(notDone(goingLiveList(parseConfig(own), { demoContent: false, ...replaced, invoicing: false }))).toEqual(['invoicing'])
    const demoFiles = { logo: DEMO_LOGO_SHA256, legal: DEMO_LEGAL_SHA256, invoicing: true }
    expect(notDone(goingLiveList(parseConfig(own), { demoContent: false, ...demoFiles }))).toEqual(['logo', 'legalTexts'])
    // Files that cannot be read: not ticked, and no warning about a logo nobody can see.
    expect(notDone(goingLiveList(parseConfig(own), { demoContent: false, invoicing: true, logo: null, legal: null }))).toEqual(['logo', 'legalTexts'])
    expect(demoIdentityLeft(parseConfig(own), { logo: null })).toEqual([])
    expect(logoFingerprint('/nonexistent/')).toBeNull()
  })

  it('when the list is made, then it holds only names and booleans, never a configured value', () => {
    const text = JSON.stringify(goingLiveList(parseConfig(own), { demoContent: false, ...replaced }))
    for (const secret of ['sk_live_abc', 'whsec_abc', 'mail.harbourfair.org', 'm'.repeat(24)]) expect(text).not.toContain(secret)
  })
})
