import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, takingTurns, test } from './fixtures.ts'

type Texts = Record<string, Record<string, unknown>>
const texts = (locale: string): Texts => JSON.parse(readFileSync(new URL(`../../locales/${locale}/verify.json`, import.meta.url), 'utf8'))
const at = (bundle: Texts, path: string): string => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], bundle) as string
const FIXTURES = new URL('../fixtures/verify/', import.meta.url)
const fixture = (name: string) => new URL(name, FIXTURES).pathname

const LANGUAGES = [
  { lang: 'en', locale: 'en' },
  { lang: 'zh-cn', locale: 'zh-cn' },
] as const
const VIEWPORTS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: DESKTOP },
] as const

/** axe counts a target hidden under the sticky header as too small; look at the page from its top. */
async function expectAccessibleFromTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAccessible(page)
}

/**
 * Each test speaks from its own private address (trusted loopback proxy): the per-address limits of
 * the verification functions never mix tests, and a private address shows no China notice.
 */
let nextAddress = 0
async function asNewVisitor(page: Page) {
  nextAddress += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.77.${process.pid % 250}.${nextAddress % 250}` })
}

// Each check in both languages and at both widths, the widths taking turns through the languages.
for (const [languageIndex, { lang, locale }] of LANGUAGES.entries()) {
  const t = texts(locale)
  for (const [widthIndex, viewport] of VIEWPORTS.entries()) {
    const here = takingTurns(languageIndex, widthIndex, VIEWPORTS.length)
    test.describe(`verification page, ${lang}, ${viewport.name}`, () => {
      test.use({ viewport: viewport.size })

      if (here(0))
        test('when a visitor checks channels, then empty, demo and look-alike answers are shown and announced', async ({ page }) => {
          await asNewVisitor(page)
          await page.goto(`/${lang}/verify.html`)
          await hydrated(page)
          await expect(page).toHaveTitle(new RegExp(at(t, 'meta.title')))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(t, 'hero.title'))
          await expect(page.getByRole('tab', { name: at(t, 'tabs.query') })).toHaveAttribute('aria-selected', 'true')
          await expectAccessibleFromTop(page)

          const field = page.getByLabel(at(t, 'query.label'))
          const submit = page.getByRole('button', { name: at(t, 'query.submit') })
          // docs/product.md#verification-input: empty input.
          await submit.click()
          await expect(page.getByRole('alert')).toHaveText(at(t, 'errors.empty'))
          await expect(field).toBeFocused()
          await expect(field).toHaveAttribute('aria-invalid', 'true')

          // The type is shown while typing; the answer takes focus so it is announced. The demo register's
          // number is nobody's channel (an organiser's own is answered official: console-register.spec.ts).
          await field.fill('+44 20 7946 0000')
          await expect(page.locator('#verify-value-type')).toContainText(at(t, 'types.phone'))
          await field.press('Enter')
          const demo = page.getByRole('heading', { level: 2, name: at(t, 'result.demo.title'), exact: true })
          await expect(demo).toBeFocused()
          await expect(page.getByTestId('channel-result')).toContainText(at(t, 'result.demo.text'))
          await expect(page.getByTestId('channel-result')).not.toContainText(at(t, 'purpose.general'))
          await expectAccessibleFromTop(page)

          // A look-alike of our public address: a warning that names the real one, and a prefilled report.
          await field.fill('contact@aurum-expo.com')
          await expect(page.locator('#verify-value-type')).toContainText(at(t, 'types.email'))
          await submit.click()
          await expect(page.getByRole('heading', { level: 2, name: at(t, 'result.unofficial.title'), exact: true })).toBeFocused()
          const result = page.getByTestId('channel-result')
          await expect(result).toContainText(at(t, 'result.lookalike.title'))
          await expect(result).toContainText('contact@aurum-expo.example')
          const report = result.getByRole('link', { name: at(t, 'report.button').replace('{{email}}', 'quality@aurum-expo.example'), exact: true })
          const href = (await report.getAttribute('href')) ?? ''
          expect(href.startsWith('mailto:quality@aurum-expo.example?subject=')).toBe(true)
          expect(decodeURIComponent(href)).toContain('contact@aurum-expo.com')
          await expectAccessibleFromTop(page)
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
          expect(overflow).toBeLessThanOrEqual(0)
        })

      if (here(1))
        test('when a visitor checks PDFs with the keyboard, then demo, forged and wrong files get their answers', async ({ page }) => {
          await asNewVisitor(page)
          await page.goto(`/${lang}/verify.html`)
          await hydrated(page)
          // ARIA tabs: arrow keys move between tabs and select them.
          await page.getByRole('tab', { name: at(t, 'tabs.query') }).focus()
          await page.keyboard.press('ArrowRight')
          const fileTab = page.getByRole('tab', { name: at(t, 'tabs.file') })
          await expect(fileTab).toBeFocused()
          await expect(fileTab).toHaveAttribute('aria-selected', 'true')
          const panel = page.getByRole('tabpanel', { name: at(t, 'tabs.file') })
          await expect(panel).toBeVisible()
          await expect(panel).toContainText(at(t, 'file.limit').replace('{{size}}', '10'))
          await expectAccessibleFromTop(page)

          const picker = panel.locator('input[type=file]')
          // A document of the demo register: answered as demo data, its details not vouched for.
          await picker.setInputFiles(fixture('official-agreement.pdf'))
          await expect(page.getByRole('heading', { level: 2, name: at(t, 'document.demo.title'), exact: true })).toBeFocused()
          const result = page.getByTestId('document-result')
          await expect(result).toContainText(at(t, 'document.demo.text'))
          await expect(result).not.toContainText('AE-SG26-0142')
          await expectAccessibleFromTop(page)

          await picker.setInputFiles(fixture('unknown-agreement.pdf'))
          await expect(page.getByRole('heading', { level: 2, name: at(t, 'document.unofficial.title'), exact: true })).toBeFocused()
          await expect(page.getByTestId('document-result')).toContainText('f47a685e5bec66fd')
          await expectAccessibleFromTop(page)

          // A PNG named .pdf: refused by its first bytes, with the docs/product.md#verification-input message.
          await picker.setInputFiles(fixture('image-renamed.pdf'))
          await expect(panel.getByRole('alert')).toHaveText(at(t, 'errors.fileType'))
        })
    })
  }
}

test('when a PDF is dropped on the drop zone, then it is checked like a picked one', async ({ page }) => {
  await asNewVisitor(page)
  await page.setViewportSize(DESKTOP)
  await page.goto('/en/verify.html')
  await hydrated(page)
  await page.getByRole('tab', { name: 'File verification' }).click()
  const bytes = [...readFileSync(fixture('official-agreement.pdf'))]
  const transfer = await page.evaluateHandle((data) => {
    const dataTransfer = new DataTransfer()
    dataTransfer.items.add(new File([new Uint8Array(data)], 'dropped.pdf', { type: 'application/pdf' }))
    return dataTransfer
  }, bytes)
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer })
  await expect(page.getByRole('heading', { level: 2, name: 'Demo document', exact: true })).toBeVisible()
  await expect(page.getByTestId('document-result')).toContainText('dropped.pdf')
})

test('when the visitor country is unknown, then a number with its country code still works', async ({ page }) => {
  await asNewVisitor(page)
  await page.goto('/en/verify.html')
  await hydrated(page)
  await page.getByLabel('Phone number, e-mail, web address, bank account, USDT address or chat account').fill('0044 20 7946 0000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Demo entry', exact: true })).toBeVisible()
})
