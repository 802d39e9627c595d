import { randomBytes } from 'node:crypto'
import type { Queryable } from '../../server/db/client.ts'
import { createPasswordHasher } from '../../server/platform/passwords.ts'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { type ConsoleSite, expect, ORIGIN } from './console-kit.ts'
import { hydrated } from './fixtures.ts'

/**
 * What the exhibitor specs set up through the platform rather than through other features' screens:
 * accounts as the login page stores them, and an exhibitor as an accepted application makes it (the
 * acceptance with the function `npm run applications -- status REF accepted` runs).
 */

/** A tag that keeps a spec's names its own on the shared site. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`

const reference = () => `EX-${Array.from({ length: 8 }, () => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[Math.floor(Math.random() * 32)]).join('')}`

/** An account as the login page stores a verified one, reading in `locale`. */
export async function account(db: Queryable, email: string, nick: string, password: string, locale = 'en'): Promise<void> {
  const hasher = createPasswordHasher(1)
  try {
    await db.query('insert into accounts (email, email_verified_at, nick, password_hash, locale) values ($1, now(), $2, $3, $4)', [
      email,
      nick,
      await hasher.hash(password),
      locale,
    ])
  } finally {
    await hasher.close()
  }
}

export interface Seeded {
  exhibition: { en: string; zh: string }
  exhibitorId: number
  companyId: number
}

/**
 * An exhibition of the spec's own, an exhibitor application sent signed in by `email` for `company`,
 * and the organiser's acceptance, which makes the exhibitor with them as its admin.
 */
export async function acceptedExhibitor(site: ConsoleSite, email: string, company: string): Promise<Seeded> {
  const { db } = site
  const tag = unique()
  const exhibition = { en: `Singapore Markets Forum ${tag}`, zh: `新加坡市场论坛 ${tag}` }
  const created = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, applications_open, published)
     values ($1, 'exhibition', now() + interval '90 days', now() + interval '92 days', 'Asia/Singapore', 'Singapore', 'SG', 'asia', true, true)
     returning id`,
    [`singapore-markets-${tag}`],
  )
  const exhibitionId = created.rows[0]?.id
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', $2), ($1, 'zh-cn', $3)`, [
    exhibitionId,
    exhibition.en,
    exhibition.zh,
  ])
  const owner = await db.query<{ id: string }>('select id from accounts where email = $1', [email])
  const ref = reference()
  await db.query(
    `insert into applications (reference, kind, exhibition_id, account_id, locale, email, phone_e164, phone_country, company_name, website,
       contact_person, booth_size, exhibiting_method, idempotency_key, content_hash)
     values ($1, 'exhibitor', $2, $3, 'en', $4, '+6591234567', 'SG', $5, null, 'Wang Wei', '3x3', 'company', gen_random_uuid(), $6)`,
    [ref, exhibitionId, owner.rows[0]?.id, email, company, randomBytes(32).toString('hex')],
  )
  const decided = await site.applications(['status', ref, 'accepted'])
  expect(decided.code, decided.err).toBe(0)
  const made = await db.query<{ id: number; company_id: number }>('select id, company_id from exhibitors where exhibition_id = $1', [exhibitionId])
  return { exhibition, exhibitorId: Number(made.rows[0]?.id), companyId: Number(made.rows[0]?.company_id) }
}

type Login = typeof import('../../locales/en/login.json')
type Strings = typeof import('../../locales/en/exhibitor.json')
const strings = <T>(lang: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${namespace}.json`, import.meta.url), 'utf8')) as T
const zh = <T>(namespace: string) => strings<T>('zh-cn', namespace)

/**
 * Signs in from a prompt of the page's main content (the button named `button` opens the login frame),
 * as a visitor does: the frame in `lang`, e-mail and password typed, the frame closes.
 */
export async function signInFromPrompt(page: Page, button: string, email: string, password: string, lang = 'zh-cn'): Promise<void> {
  const login = strings<Login>(lang, 'login')
  await page.getByRole('main').getByRole('button', { name: button }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(login.fields.email).fill(email)
  await frame.getByLabel(login.fields.password, { exact: true }).fill(password)
  await frame.getByRole('button', { name: login.actions.signin, exact: true }).click()
  try {
    await expect(page.locator('dialog[open]')).toBeHidden()
  } catch (error) {
    // What the frame says (a refusal, a wait, the form again) is what tells a refused sign-in from a slow one.
    const said = await frame
      .locator('body')
      .innerText({ timeout: 1000 })
      .catch(() => '(the frame could not be read)')
    const overlay = await page
      .locator('dialog[open] [role=status], dialog[open] [role=alert]')
      .allInnerTexts()
      .catch(() => [])
    throw new Error(
      `the login dialog stayed open; the frame says: ${said.replace(/\s+/g, ' ').slice(0, 400)}; the dialog says: ${overlay.join(' | ') || '(nothing)'}`,
      {
        cause: error,
      },
    )
  }
}

/** A gateway call as the page's signed-in visitor (its access_token cookie); the call's data. */
export async function callAsVisitor(page: Page, route: string, payload: unknown, languageCode = 'zh-CN') {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value
  const response = await page.request.post(`${ORIGIN}/wikifxweb-v1/wikiexpo/invoke-v1`, {
    headers: { Routes: route, Authorization: `Bearer ${token}`, LanguageCode: languageCode },
    data: payload,
  })
  const body = await response.json()
  expect(body.succeed, `${route}: ${JSON.stringify(body)}`).toBe(true)
  return body.data
}

/** Opens an exhibitor's workspace in Simplified Chinese and signs in from its own prompt, as a member arriving by its link does. */
export async function signInToWorkspace(page: Page, exhibitorId: number, email: string, password: string): Promise<void> {
  await page.goto(`${ORIGIN}/zh-cn/exhibitor.html?id=${exhibitorId}`)
  await hydrated(page)
  await signInFromPrompt(page, zh<Strings>('exhibitor').login.button, email, password)
}
