import type { Page } from '@playwright/test'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, test } from './fixtures.ts'

/** What the visitor reads: the footer link names are the page titles. */
const DOCUMENTS = {
  en: { terms: 'Terms of use', privacy: 'Privacy policy', disclaimer: 'Disclaimer' },
  'zh-cn': { terms: '使用条款', privacy: '隐私政策', disclaimer: '免责声明' },
  ru: { terms: 'Условия использования', privacy: 'Политика конфиденциальности', disclaimer: 'Отказ от ответственности' },
} as const

type Lang = keyof typeof DOCUMENTS
type Document = keyof (typeof DOCUMENTS)['en']

const CONTENTS = { en: 'On this page', 'zh-cn': '本页目录', ru: 'Содержание' } as const

/** Opens a legal page by its link in the footer, as a visitor does. */
async function openFromFooter(page: Page, lang: Lang, document: Document) {
  const name = DOCUMENTS[lang][document]
  await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/${lang}/legal/${document}\\.html$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page).toHaveTitle(new RegExp(`^${name} \\| `))
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

for (const lang of Object.keys(DOCUMENTS) as Lang[]) {
  for (const size of [PHONE, DESKTOP]) {
    test(`in ${lang} at ${size.width} px, each legal page opens from the footer, reads well and its contents links move focus to the section`, async ({
      page,
    }) => {
      await page.setViewportSize(size)
      // Start on one legal page, then open all three from the footer (the disclaimer last, again by its link).
      await page.goto(`/${lang}/legal/disclaimer.html`)
      await hydrated(page)
      for (const name of ['terms', 'privacy', 'disclaimer'] as const) {
        await openFromFooter(page, lang, name)
        const main = page.locator('main#main')
        const contents = main.getByRole('navigation', { name: CONTENTS[lang] })
        await expect(contents).toBeVisible()
        const links = contents.getByRole('link')
        const count = await links.count()
        expect(count).toBeGreaterThan(5)
        // The last updated date is a machine-readable <time>.
        await expect(main.locator('time[datetime]')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/)
        // The body text keeps a readable measure: no line wider than about 80 characters of its font.
        const measure = await main
          .locator('section p')
          .first()
          .evaluate((element) => {
            const style = getComputedStyle(element)
            const probe = document.createElement('span')
            probe.textContent = '0'.repeat(10)
            probe.style.font = style.font
            element.append(probe)
            const ch = probe.getBoundingClientRect().width / 10
            probe.remove()
            return element.getBoundingClientRect().width / ch
          })
        expect(measure).toBeLessThanOrEqual(80)
        await expectNoSidewaysScroll(page)

        // Pointer: a late section, so the page has to scroll.
        const target = links.nth(count - 2)
        const href = (await target.getAttribute('href')) ?? ''
        await target.click()
        const heading = main.locator(href)
        await expect(heading).toBeFocused()
        await expect(heading).toBeInViewport()
        await expect(page).toHaveURL(new RegExp(`${href}$`))
        if (size.width >= 1000) await expect(contents).toBeInViewport()

        // Keyboard: the first entry of the contents, followed with Enter.
        const first = links.first()
        const firstHref = (await first.getAttribute('href')) ?? ''
        await first.focus()
        await page.keyboard.press('Enter')
        await expect(main.locator(firstHref)).toBeFocused()
        await expect(main.locator(firstHref)).toBeInViewport()

        await expectAccessible(page)
      }
    })
  }
}

test('the other legal documents are linked below the text, the current one marked', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/en/legal/privacy.html')
  await hydrated(page)
  const documents = page.locator('main').getByRole('navigation', { name: 'Legal documents' })
  await expect(documents.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('aria-current', 'page')
  await documents.getByRole('link', { name: 'Disclaimer' }).click()
  await expect(page).toHaveURL(/\/en\/legal\/disclaimer\.html$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Disclaimer')
  // Focus moves to the new page's heading after a client-side navigation (route effects).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await page.getByRole('link', { name: 'verification page' }).first().click()
  await expect(page).toHaveURL(/\/en\/verify\.html$/)
})

test.describe('an unknown legal document', () => {
  test.use({ allowConsole: [/404/] })
  test('answers the 404 page', async ({ page }) => {
    const response = await page.goto('/en/legal/cookies.html')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found')
  })
})

test('every language renders the terms without a missing translation or hydration warning', async ({ page }) => {
  await page.setViewportSize(PHONE)
  for (const lang of ['en', 'zh-cn', 'zh', 'zh-hk', 'es', 'fil', 'id', 'ja', 'pt', 'ru', 'th', 'vi']) {
    await page.goto(`/${lang}/legal/terms.html`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty()
    await expectNoSidewaysScroll(page)
  }
})
