import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { languageChoiceHref } from '../../shared/contracts/cookies.ts'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, test } from './fixtures.ts'

/** Visitor defects of forms: verification without JavaScript, the remembered language, the comments' empty state. */
type Texts = Record<string, unknown>
const texts = (locale: string, namespace: string): Texts =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8'))
const at = (bundle: Texts, path: string): string => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], bundle) as string

let nextAddress = 0
/** Each test from its own private address: the verification limits never mix tests; no China notice. */
async function asNewVisitor(page: Page) {
  nextAddress += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.78.${process.pid % 250}.${nextAddress % 250}` })
}

for (const locale of ['en', 'zh-cn'] as const) {
  const t = texts(locale, 'verify')
  for (const viewport of [PHONE, DESKTOP]) {
    test.describe(`verification without JavaScript, ${locale}, ${viewport.width} px`, () => {
      // axe needs scripts in the page: the same server HTML is checked with them in verify.spec.ts.
      // The invalid entry's page is a 400, which the browser reports in the console.
      test.use({ javaScriptEnabled: false, viewport, allowConsole: [/status of 400 \(Bad Request\)/] })

      const ask = async (page: Page, value: string) => {
        await page.getByLabel(at(t, 'query.label')).fill(value)
        await page.getByRole('button', { name: at(t, 'query.submit') }).click()
        await expect(page).toHaveURL(`/${locale}/verify.html?value=${encodeURIComponent(value).replace(/%20/g, '+')}`)
      }

      test('when demo, scam, unknown and invalid values are sent, then the server answers each', async ({ page }) => {
        await asNewVisitor(page)
        await page.goto(`/${locale}/verify.html`)
        // The file check has its own address without scripts, linked in <noscript> (verify-file-no-script.spec.ts follows it).
        await expect(page.getByRole('link', { name: at(t, 'file.noScript') })).toHaveAttribute('href', `/${locale}/verify.html?tab=file`)

        await ask(page, '+44 20 7946 0000')
        const result = page.getByTestId('channel-result')
        await expect(result.getByRole('heading', { level: 2 })).toHaveText(at(t, 'result.demo.title'))
        await expect(result).toContainText(at(t, 'result.checked').replace('{{type}}', at(t, 'types.phone')))
        await expect(result).toContainText(at(t, 'result.demo.text'))
        await expect(page.getByLabel(at(t, 'query.label'))).toHaveValue('+44 20 7946 0000')

        await ask(page, 'contact@aurum-expo.com')
        await expect(result.getByRole('heading', { level: 2 })).toHaveText(at(t, 'result.unofficial.title'))
        await expect(result).toContainText(at(t, 'result.lookalike.title'))
        await expect(result).toContainText('contact@aurum-expo.example')

        await ask(page, '+44 20 7946 0123')
        await expect(result.getByRole('heading', { level: 2 })).toHaveText(at(t, 'result.unofficial.title'))
        await expect(result).not.toContainText(at(t, 'result.lookalike.title'))

        await ask(page, '+44 12')
        await expect(result).toHaveCount(0)
        await expect(page.getByRole('alert')).toHaveText(at(t, 'errors.phone'))
        await expect(page.getByLabel(at(t, 'query.label'))).toHaveAttribute('aria-invalid', 'true')
      })
    })
  }
}

test('when scripts run, then the form keeps the answer in the address and Back shows the earlier one', async ({ page }) => {
  await asNewVisitor(page)
  await page.goto('/en/verify.html')
  await hydrated(page)
  const field = page.getByLabel('Phone number, e-mail, web address, bank account, USDT address or chat account')
  await field.fill('+44 20 7946 0000')
  await field.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Demo entry', exact: true })).toBeFocused()
  await expect(page).toHaveURL('/en/verify.html?value=%2B44+20+7946+0000')
  await field.fill('contact@aurum-expo.com')
  await field.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Non-official channel', exact: true })).toBeFocused()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 2, name: 'Demo entry', exact: true })).toBeVisible()
})

test.describe('the language picked in the menu', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } })

  test('when Spanish is picked, then / opens in Spanish for an English browser; a shared /en/ link stays English and keeps the choice', async ({ page }) => {
    // What the menu's links do (languageChoiceHref): remember the pick, then show the page in it.
    await page.goto(languageChoiceHref('/es/about.html'))
    await expect(page).toHaveURL('/es/about.html')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')

    await page.goto('/')
    await expect(page).toHaveURL('/es')
    await page.goto('/verify.html')
    await expect(page).toHaveURL('/es/verify.html')

    await page.goto('/en/about.html')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.goto('/')
    await expect(page).toHaveURL('/es')
  })

  test('when Spanish is picked in the language menu, then the pick is remembered', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    await page.locator('#languages').getByRole('link', { name: 'Español' }).click()
    await expect(page).toHaveURL('/es/about.html')
    await page.goto('/')
    await expect(page).toHaveURL('/es')
  })

  test('when a region variant of one of our codes is opened, then it lands on our code', async ({ page }) => {
    await page.goto('/zh-tw/about.html')
    await expect(page).toHaveURL('/zh/about.html')
    await page.goto('/en-us/verify.html')
    await expect(page).toHaveURL('/en/verify.html')
  })
})

/** The newest exhibition of the demo content; nobody has commented on it in this run. */
async function someExhibitionId(request: APIRequestContext): Promise<number> {
  const token = (await (await request.post('/api/token')).json()).access_token as string
  const response = await request.post('/wikifxweb-v1/wikiexpo/invoke-v1', {
    headers: { Routes: 'expo$listExhibitions', Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: {},
  })
  const items = (await response.json()).data.items as Array<{ id: number }>
  return (items.at(-1) as { id: number }).id
}

for (const locale of ['en', 'ja'] as const) {
  test(`when an exhibition has no comments, then an empty state, not a validation message (${locale})`, async ({ page }) => {
    const t = texts(locale, 'account')
    await page.setViewportSize(PHONE)
    await page.goto(`/${locale}/backDetail/${await someExhibitionId(page.request)}`)
    await hydrated(page)
    const community = page.locator('#community')
    await expect(community.getByText(at(t, 'comments.none'))).toBeVisible()
    await expect(community.getByText(at(t, 'comments.empty'))).toHaveCount(0)
    await community.scrollIntoViewIfNeeded()
    await expectAccessible(page)
  })
}
