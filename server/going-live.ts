import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { GoingLiveItem } from '../shared/rules/console-going-live.ts'
import { LOCALES } from '../shared/languages.ts'
import { type Config, DEMO_IDENTITY } from './config.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/**
 * Fingerprints of the demo's logo (public/favicon.svg, which the header's mark matches) and of its
 * legal texts (locales/<locale>/legal.json, all 12 in LOCALES order). A brand that replaces them
 * changes the fingerprint; going-live.test.ts keeps these equal to the files we ship.
 */
export const DEMO_LOGO_SHA256 = 'dbbcd1bcd3abb5a9e89e20a4b4a7a5151352a57efa93c57af925761a7f0de103'
export const DEMO_LEGAL_SHA256 = '4b2403919d8d56df5c27ad7c153f78270609b001d6d705a775e28147846a6b6d'

const sha256 = (...parts: Buffer[]) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest('hex')
}

/**
 * Null when the files are not there (an image that ships only the build): the list then cannot
 * tell, and says "not done" rather than guess; the start-up warning stays quiet about it.
 */
function fingerprintOf(paths: string[]): string | null {
  try {
    return sha256(...paths.map((path) => readFileSync(path)))
  } catch {
    return null
  }
}

export function logoFingerprint(root = ROOT): string | null {
  return fingerprintOf([`${root}public/favicon.svg`])
}

export function legalFingerprint(root = ROOT): string | null {
  return fingerprintOf(LOCALES.map((locale) => `${root}locales/${locale}/legal.json`))
}

const demoDomain = DEMO_IDENTITY.contactEmail.slice(DEMO_IDENTITY.contactEmail.indexOf('@'))
const demoSocialUrls = new Set(DEMO_IDENTITY.socialLinks.split(',').map((pair) => pair.slice(pair.indexOf('=') + 1)))

/** The parts of the demo brand's identity this deployment still carries (brand, addresses, social links, logo). */
export function demoIdentityLeft(config: Config, files: { logo: string | null } = { logo: logoFingerprint() }): GoingLiveItem[] {
  const left: GoingLiveItem[] = []
  if (config.BRAND_NAME === DEMO_IDENTITY.brandName) left.push('brandName')
  if (config.CONTACT_EMAIL.endsWith(demoDomain)) left.push('contactEmail')
  if (config.QA_EMAIL.endsWith(demoDomain)) left.push('qaEmail')
  if (config.SOCIAL_LINKS.some((link) => demoSocialUrls.has(link.url))) left.push('socialLinks')
  if (files.logo === DEMO_LOGO_SHA256) left.push('logo')
  return left
}

/**
 * The owner's "before you go live" list: every item, done or not. Only booleans leave here: the
 * console never learns a key, an address of the mail server or a token.
 */
export function goingLiveList(
  config: Config,
  state: { demoContent: boolean; invoicing: boolean; logo?: string | null; legal?: string | null },
): Array<{ id: GoingLiveItem; done: boolean }> {
  const logo = state.logo === undefined ? logoFingerprint() : state.logo
  const legal = state.legal === undefined ? legalFingerprint() : state.legal
  const identity = new Set(demoIdentityLeft(config, { logo }))
  const done: Record<GoingLiveItem, boolean> = {
    brandName: !identity.has('brandName'),
    contactEmail: !identity.has('contactEmail'),
    qaEmail: !identity.has('qaEmail'),
    socialLinks: !identity.has('socialLinks'),
    logo: logo !== null && !identity.has('logo'),
    legalTexts: legal !== null && legal !== DEMO_LEGAL_SHA256,
    // docs/product.md#invoices: the organiser's own legal identity, not the demo's nor none.
    invoicing: state.invoicing,
    demoContent: !state.demoContent,
    payments: Boolean(config.STRIPE_SECRET_KEY),
    mail: Boolean(config.SMTP_URL),
    metrics: Boolean(config.METRICS_TOKEN || config.METRICS_PORT),
    https: !config.publicOriginGuessed && config.PUBLIC_ORIGIN.startsWith('https:'),
  }
  return (Object.keys(done) as GoingLiveItem[]).map((id) => ({ id, done: done[id] }))
}
