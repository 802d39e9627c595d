import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, test } from './fixtures.ts'

/**
 * The verification page's new kinds (docs/product.md#verification-web) and its teaching answers
 * (docs/product.md#verification-teaching): a look-alike domain and a Telegram invite link, in
 * English, Chinese and Thai, on a phone and a desktop, with scripts and without.
 */

type Texts = Record<string, Record<string, unknown>>
const texts = (locale: string): Texts => JSON.parse(readFileSync(new URL(`../../locales/${locale}/verify.json`, import.meta.url), 'utf8'))
const at = (bundle: Texts, path: string, values: Record<string, string> = {}): string =>
  (path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], bundle) as string).replace(
    /\{\{(\w+)\}\}/g,
    (_whole, name: string) => values[name] ?? '',
  )

/** The demo register's domain: the configured contact address's (server/platform/verification/seed.ts). */
const OUR_DOMAIN = 'aurum-expo.example'
const LOOKALIKE = 'https://www.aurum-expoo.example/login'
const INVITE = 'https://t.me/+AbCdEfGhIjK12345'

let nextAddress = 0
async function asNewVisitor(page: Page) {
  nextAddress += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.78.${process.pid % 250}.${nextAddress % 250}` })
}

async function expectAccessibleFromTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAccessible(page)
}

for (const locale of ['en', 'zh-cn', 'th'] as const) {
  const t = texts(locale)
  for (const [name, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test.describe(`verification of web addresses and invite links, ${locale}, ${name}`, () => {
      test.use({ viewport: size })

      test('when a visitor checks a look-alike domain and a Telegram invite link, then each answer says what was compared, what to use instead and what to do', async ({
        page,
      }) => {
        await asNewVisitor(page)
        await page.goto(`/${locale}/verify.html`)
        await hydrated(page)
        const field = page.getByLabel(at(t, 'query.label'))
        const result = page.getByTestId('channel-result')

        await field.fill(LOOKALIKE)
        await expect(page.locator('#verify-value-type')).toContainText(at(t, 'types.domain'))
        await field.press('Enter')
        await expect(page.getByRole('heading', { level: 2, name: at(t, 'result.unofficial.title'), exact: true })).toBeFocused()
        await expect(result).toContainText('www.aurum-expoo.example')
        await expect(result).toContainText(at(t, 'result.compared.domain', { compared: 'aurum-expoo.example' }))
        await expect(result).toContainText(at(t, 'result.lookalike.typo', { resembles: OUR_DOMAIN }))
        const sameKind = result.getByRole('region', { name: at(t, 'result.sameKind', { type: at(t, 'types.domain') }) })
        await expect(sameKind).toContainText(OUR_DOMAIN)
        await expect(result).toContainText(at(t, 'result.next'))
        await expectAccessibleFromTop(page)

        await field.fill(INVITE)
        await expect(page.locator('#verify-value-type')).toContainText(at(t, 'types.telegram'))
        await page.getByRole('button', { name: at(t, 'query.submit') }).click()
        await expect(page.getByRole('heading', { level: 2, name: at(t, 'result.unofficial.title'), exact: true })).toBeFocused()
        await expect(result).toContainText('t.me/+AbCdEfGhIjK12345')
        await expect(result).toContainText(at(t, 'result.compared.invite'))
        await expect(result).toContainText(at(t, 'result.notice.inviteLink'))
        await expect(result.getByRole('region', { name: at(t, 'result.sameKind', { type: at(t, 'types.telegram') }) })).toBeVisible()
        await expectAccessibleFromTop(page)
      })
    })
  }
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE })

  test('when the form is sent without scripts, then the server answers a domain, an IBAN and an invite link in the page', async ({ page }) => {
    const t = texts('en')
    for (const [value, expected] of [
      [LOOKALIKE, at(t, 'result.lookalike.typo', { resembles: OUR_DOMAIN })],
      ['GB82 WEST 1234 5698 7654 33', at(t, 'result.notice.ibanChecksum')],
      [INVITE, at(t, 'result.notice.inviteLink')],
    ] as const) {
      await asNewVisitor(page)
      await page.goto('/en/verify.html')
      await page.getByLabel(at(t, 'query.label')).fill(value)
      await page.getByRole('button', { name: at(t, 'query.submit') }).click()
      await expect(page.getByTestId('channel-result')).toContainText(expected)
    }
  })
})
