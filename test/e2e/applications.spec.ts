import { readdirSync, readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, takingTurns, test } from './fixtures.ts'

/**
 * Sign-up (docs/product.md#application-form): both tabs in English and Simplified Chinese at phone and desktop widths, every
 * prompt and message of docs/product.md#application-form, success, the app web-view layout, keyboard tabs, and a retry
 * after a lost answer that stays one application.
 */

/** Every locale has the English file's keys (scripts/check-locales.ts). */
type Strings = typeof import('../../locales/en/apply.json')
const strings = (locale: string) => JSON.parse(readFileSync(new URL(`../../locales/${locale}/apply.json`, import.meta.url), 'utf8')) as Strings
const LOCALES = { en: strings('en'), 'zh-cn': strings('zh-cn') }

const EXPO_PATH = '**/wikifxweb-v1/wikiexpo/invoke-v1'
/** The day content/demo was written for (content/demo/demo.json). */
const DEMO_WRITTEN_FOR = new Date(
  `${(JSON.parse(readFileSync(new URL('../../content/demo/demo.json', import.meta.url), 'utf8')) as { writtenFor: string }).writtenFor}T00:00:00Z`,
)
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
/** A visitor from the United States (not China: no notice), a new address per test for the per-IP limit. */
const visitorIp = () => `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

async function open_(page: Page, path: string) {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
  await page.goto(path)
  await hydrated(page)
}

const toast = (page: Page) => page.getByTestId('toast')
const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`)

/** The field shows the message, is marked invalid and names the message as its description. */
async function expectFieldError(page: Page, id: string, message: string) {
  await expect(errorOf(page, id)).toHaveText(message)
  const control = page.locator(`#${id}`)
  await expect(control).toHaveAttribute('aria-describedby', new RegExp(`(^| )${id}-error( |$)`))
}

async function chooseFirstExhibition(page: Page, prefix: 'ex' | 'at') {
  const select = page.locator(`#${prefix}-exhibitionId`)
  const value = await select.locator('option').nth(1).getAttribute('value')
  await select.selectOption(value)
}

const SIZES = [PHONE, DESKTOP]
for (const [languageIndex, lang] of (['en', 'zh-cn'] as const).entries()) {
  const s = LOCALES[lang]
  for (const [widthIndex, size] of SIZES.entries()) {
    const here = takingTurns(languageIndex, widthIndex, SIZES.length)
    test.describe(`sign-up in ${lang} at ${size.width} px`, () => {
      test.use({ viewport: size })

      if (here(0))
        test('exhibitor tab: every prompt, the phone and e-mail messages, then success', async ({ page }) => {
          await open_(page, `/${lang}/apply`)
          await expect(page.getByRole('tab', { name: new RegExp(s.tabs.exhibitor) })).toHaveAttribute('aria-selected', 'true')
          await expectAccessible(page)
          const panel = page.locator('#apply-panel-exhibitor')
          // Empty form: every required field gets its prompt, and the focus goes to the first.
          await page.locator('#ex-exhibitionId').selectOption('')
          await panel.getByRole('button', { name: s.form.submit }).click()
          await expectFieldError(page, 'ex-exhibitionId', s.prompts.exhibition)
          await expect(page.locator('#ex-exhibitionId')).toBeFocused()
          await expectFieldError(page, 'ex-boothSize', s.prompts.boothSize)
          await expectFieldError(page, 'ex-companyName', s.prompts.companyName)
          await expectFieldError(page, 'ex-contactPerson', s.prompts.contactPerson)
          await expectFieldError(page, 'ex-phone', s.prompts.phone)
          await expectFieldError(page, 'ex-email', s.prompts.email)
          await expectFieldError(page, 'ex-method', s.prompts.method)
          await expect(page.locator('#ex-website-error')).toHaveCount(0)
          await expectAccessible(page)

          // Custom booth size: its two prompts, then the range message.
          await chooseFirstExhibition(page, 'ex')
          await panel.locator('label[for="ex-boothSize-custom"]').click()
          await expectFieldError(page, 'ex-boothWidth', s.prompts.boothWidth)
          await expectFieldError(page, 'ex-boothDepth', s.prompts.boothDepth)
          await page.locator('#ex-boothWidth').fill('0.2')
          await expectFieldError(page, 'ex-boothWidth', s.validation.boothDimension)

          // Wrong phone and e-mail: docs/product.md#application-form messages.
          await page.locator('#ex-phone').fill('12345')
          await page.locator('#ex-email').fill('maria@acme')
          await page.locator('#ex-website').fill('javascript:alert(1)')
          await panel.getByRole('button', { name: s.form.submit }).click()
          await expectFieldError(page, 'ex-phone', s.validation.phone)
          await expectFieldError(page, 'ex-email', s.validation.email)
          await expectFieldError(page, 'ex-website', s.validation.website)
          if (lang === 'en') {
            await expect(errorOf(page, 'ex-phone')).toHaveText('Please enter the correct phone number')
            await expect(errorOf(page, 'ex-email')).toHaveText('Please enter the correct email address')
          } else {
            await expect(errorOf(page, 'ex-phone')).toHaveText('请输入正确的电话号码')
            await expect(errorOf(page, 'ex-email')).toHaveText('请输入正确的邮箱地址')
          }

          // Corrected: markup in a field is only text, and the application is stored.
          page.on('dialog', () => {
            throw new Error('markup in a field ran as script')
          })
          await page.locator('#ex-boothWidth').fill('4,5')
          await page.locator('#ex-boothDepth').fill('6')
          await page.locator('#ex-website').fill('acme-markets.example.com')
          await page.locator('#ex-companyName').fill('<img src=x onerror=alert(1)> Acme Markets')
          await page.locator('#ex-contactPerson').fill('Maria Lopez')
          await page.getByRole('button', { name: /\+\d/ }).first().click()
          const picker = page.getByRole('dialog')
          await picker.getByRole('combobox').fill('+44')
          await picker.getByRole('combobox').press('Enter')
          await page.locator('#ex-phone').fill('07400 123456')
          const email = `maria.${unique()}@acme-markets.com`
          await page.locator('#ex-email').fill(email)
          await panel.locator('label[for="ex-method"]').click()
          await expect(panel.locator('[id$="-error"]')).toHaveCount(0)
          await panel.getByRole('button', { name: s.form.submit }).click()
          await expect(toast(page)).toHaveText(s.result.success)
          await expect(page.getByTestId('application-reference')).toHaveText(/^EX-[0-9A-Z]{8}$/)
          await expect(page.getByRole('heading', { name: s.success.title })).toBeFocused()
          await expect(page.getByText(email)).toBeVisible()
          await expectAccessible(page)
        })

      if (here(1))
        test('attendee tab: every prompt, the optional phone, then success', async ({ page }) => {
          await open_(page, `/${lang}/apply?tab=attendee`)
          await expect(page.getByRole('tab', { name: new RegExp(s.tabs.attendee) })).toHaveAttribute('aria-selected', 'true')
          await expect(page.locator('#apply-panel-exhibitor')).toBeHidden()
          const panel = page.locator('#apply-panel-attendee')
          await page.locator('#at-exhibitionId').selectOption('')
          await panel.getByRole('button', { name: s.form.submit }).click()
          await expect(page.locator('#at-exhibitionId')).toBeFocused()
          await expectFieldError(page, 'at-exhibitionId', s.prompts.exhibition)
          await expectFieldError(page, 'at-surname', s.prompts.surname)
          await expectFieldError(page, 'at-givenName', s.prompts.givenName)
          await expectFieldError(page, 'at-position', s.prompts.position)
          await expectFieldError(page, 'at-identity', s.prompts.identity)
          await expectFieldError(page, 'at-industry', s.prompts.industry)
          await expectFieldError(page, 'at-email', s.prompts.email)
          // The phone is optional for attendees.
          await expect(page.locator('#at-phone-error')).toHaveCount(0)
          await expectAccessible(page)

          await chooseFirstExhibition(page, 'at')
          await page.locator('#at-surname').fill(lang === 'en' ? 'Tanaka' : '王')
          await page.locator('#at-givenName').fill(lang === 'en' ? 'Yuki' : '小明')
          await page.locator('#at-position').fill(lang === 'en' ? 'Head of trading' : '交易主管')
          await page.locator('#at-identity').selectOption('trader')
          await page.locator('#at-industry').selectOption('forex')
          await page.locator('#at-email').fill('not-an-address')
          await page.locator('#at-phone').fill('0312')
          await panel.getByRole('button', { name: s.form.submit }).click()
          await expectFieldError(page, 'at-email', s.validation.email)
          await expectFieldError(page, 'at-phone', s.validation.phone)
          await expect(page.locator('#at-email')).toBeFocused()

          await page.locator('#at-phone').fill('')
          const email = `attendee.${unique()}@example.com`
          await page.locator('#at-email').fill(email)
          await panel.getByRole('button', { name: s.form.submit }).click()
          await expect(toast(page)).toHaveText(s.result.success)
          await expect(page.getByTestId('application-reference')).toHaveText(/^AT-[0-9A-Z]{8}$/)
          await expect(page.getByText(email)).toBeVisible()
          // Another application starts from a fresh form, keeping the exhibition and the address.
          await page.getByRole('button', { name: s.success.another }).click()
          await expect(page.locator('#at-surname')).toHaveValue('')
          await expect(page.locator('#at-email')).toHaveValue(email)
        })
    })
  }
}

test.describe('result messages (docs/product.md#user-messages)', () => {
  // One pattern (an array of two regular expressions would read as a fixture tuple).
  test.use({ viewport: DESKTOP, allowConsole: [/Failed to load resource|net::ERR_FAILED/] })

  async function fillExhibitor(page: Page) {
    await chooseFirstExhibition(page, 'ex')
    await page.locator('label[for="ex-boothSize"]').click()
    await page.locator('#ex-companyName').fill('Acme Markets')
    await page.locator('#ex-contactPerson').fill('Maria Lopez')
    await page.locator('#ex-phone').fill('+44 7400 123456')
    await page.locator('#ex-email').fill(`maria.${unique()}@acme-markets.com`)
    await page.locator('label[for="ex-method"]').click()
  }

  /** Answers the submission with an envelope of our choosing; other calls go to the server. */
  async function answerSubmission(page: Page, status: number, body: unknown) {
    await page.route(EXPO_PATH, async (route) => {
      if (route.request().headers().routes !== 'apply$submitExhibitor') return route.fallback()
      await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
    })
  }

  const submit = (page: Page) => page.locator('#apply-panel-exhibitor').getByRole('button', { name: 'Submit' }).click()

  test('when the platform fails or is unreachable, then "Submission failed, please try again later."', async ({ page }) => {
    await open_(page, '/en/apply')
    await fillExhibitor(page)
    await answerSubmission(page, 500, { succeed: false, ErrorCode: 500, data: null, message: 'errors.unexpected' })
    await submit(page)
    await expect(toast(page)).toHaveText('Submission failed, please try again later.')
    await expect(page.locator('#ex-status')).toHaveText('Submission failed, please try again later.')
    await page.unrouteAll()
    await page.route(EXPO_PATH, (route) => (route.request().headers().routes === 'apply$submitExhibitor' ? route.abort('failed') : route.fallback()))
    await submit(page)
    await expect(toast(page)).toHaveText('Submission failed, please try again later.')
  })

  test('when the address is rate limited, then "Submission failed, please try again later."', async ({ page }) => {
    await open_(page, '/en/apply')
    await fillExhibitor(page)
    await answerSubmission(page, 429, { succeed: false, ErrorCode: 429, data: { seconds: 60 }, message: 'errors.rateLimited' })
    await submit(page)
    await expect(toast(page)).toHaveText('Submission failed, please try again later.')
  })

  test('when the exhibition closed meanwhile, then "Submission failed!" and the reason at the exhibition field', async ({ page }) => {
    await open_(page, '/en/apply')
    await fillExhibitor(page)
    await answerSubmission(page, 410, {
      succeed: false,
      ErrorCode: 410,
      data: { fields: { exhibitionId: 'validation.closed' } },
      message: 'apply:result.closed',
    })
    await submit(page)
    await expect(toast(page)).toHaveText('Submission failed!')
    await expectFieldError(page, 'ex-exhibitionId', 'This exhibition no longer takes applications. Please choose another.')
    await expect(page.locator('#ex-exhibitionId')).toBeFocused()
  })

  test('when the platform finds a problem the page did not, then "Submission failed, please try again!" and the message at the field', async ({ page }) => {
    await open_(page, '/en/apply')
    await fillExhibitor(page)
    await answerSubmission(page, 400, { succeed: false, ErrorCode: 400, data: { fields: { 'phone.number': 'validation.phone' } }, message: 'errors.invalid' })
    await submit(page)
    await expect(toast(page)).toHaveText('Submission failed, please try again!')
    await expectFieldError(page, 'ex-phone', 'Please enter the correct phone number')
    await expect(page.locator('#ex-phone')).toBeFocused()
  })

  test('when the answer to a stored application is lost, then the retry gives the same application, not a second one', async ({ page }) => {
    await open_(page, '/en/apply')
    await fillExhibitor(page)
    const stored = { reference: '' }
    await page.route(EXPO_PATH, async (route) => {
      if (route.request().headers().routes !== 'apply$submitExhibitor') return route.fallback()
      // The server stores it; the visitor's connection drops before the answer arrives.
      const response = await route.fetch()
      stored.reference = ((await response.json()) as { data: { reference: string } }).data.reference
      await route.abort('failed')
    })
    await submit(page)
    await expect(toast(page)).toHaveText('Submission failed, please try again later.')
    expect(stored.reference).toMatch(/^EX-/)
    await page.unrouteAll()
    await submit(page)
    await expect(toast(page)).toHaveText('Submitted successfully!')
    await expect(page.getByTestId('application-reference')).toHaveText(stored.reference)
  })

  test('when the button is clicked twice quickly, then one submission is sent', async ({ page }) => {
    await open_(page, '/en/apply')
    await fillExhibitor(page)
    let sent = 0
    page.on('request', (request) => {
      if (request.url().includes('/wikiexpo/invoke-v1') && request.headers().routes === 'apply$submitExhibitor') sent++
    })
    await page.locator('#apply-panel-exhibitor').getByRole('button', { name: 'Submit' }).dblclick()
    await expect(toast(page)).toHaveText('Submitted successfully!')
    expect(sent).toBe(1)
  })
})

test.describe('tabs and layouts', () => {
  test('the tabs follow the WAI-ARIA pattern and keep the choice in the address', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await open_(page, '/en/apply')
    const exhibitor = page.getByRole('tab', { name: /Exhibitor/ })
    const attendee = page.getByRole('tab', { name: /Attendee/ })
    await expect(page.getByRole('tablist', { name: 'Application type' })).toBeVisible()
    await expect(exhibitor).toHaveAttribute('tabindex', '0')
    await expect(attendee).toHaveAttribute('tabindex', '-1')
    await exhibitor.focus()
    await page.keyboard.press('ArrowRight')
    await expect(attendee).toBeFocused()
    await expect(attendee).toHaveAttribute('aria-selected', 'true')
    await expect(page).toHaveURL(/\/en\/apply\?tab=attendee$/)
    await expect(page.getByRole('tabpanel', { name: /Attendee/ })).toBeVisible()
    await page.keyboard.press('Home')
    await expect(exhibitor).toBeFocused()
    await expect(page).toHaveURL(/tab=exhibitor$/)
    // What was typed in one tab is still there after visiting the other.
    await page.locator('#ex-companyName').fill('Kept Ltd')
    await attendee.click()
    await exhibitor.click()
    await expect(page.locator('#ex-companyName')).toHaveValue('Kept Ltd')
  })

  test('a link can preselect the exhibition by its slug or id', async ({ page }) => {
    // An exhibition of the demo content that takes applications.
    const folder = new URL('../../content/demo/exhibitions/', import.meta.url)
    const open = readdirSync(folder)
      .map(
        (file) =>
          JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as {
            slug: string
            applicationsOpen?: boolean
            endsAt: string
            texts: { en: { title: string } }
          },
      )
      // Seeding moves every date by the whole weeks since the day the demo was written for (rounded
      // down): what ends a week after that day has not ended on any day the demo is seeded.
      .find((exhibition) => exhibition.applicationsOpen && new Date(exhibition.endsAt).getTime() > DEMO_WRITTEN_FOR.getTime() + 7 * 86_400_000)
    expect(open, 'the demo content has an exhibition open for applications').toBeTruthy()
    const exhibition = open as NonNullable<typeof open>
    await open_(page, `/en/apply?tab=attendee&exhibition=${exhibition.slug}`)
    const select = page.locator('#at-exhibitionId')
    // The seeded title: the file's `{{year}}` becomes the year the exhibition now takes place in.
    const title = new RegExp(
      exhibition.texts.en.title
        .split(/\{\{year[^}]*\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('\\d{4}'),
    )
    await expect(select.locator('option:checked')).toContainText(title)
    const id = await select.inputValue()
    await open_(page, `/en/apply?exhibition=${id}`)
    await expect(page.locator('#ex-exhibitionId')).toHaveValue(id)
  })

  for (const size of [PHONE, DESKTOP]) {
    test(`the app web-view layout at ${size.width} px: simple chrome, big controls, success`, async ({ page }) => {
      await page.setViewportSize(size)
      await open_(page, '/zh-cn/apply/h5Index?tab=attendee')
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOCALES['zh-cn'].hero.title)
      if (size.width < 800) {
        // docs/product.md#header: the app web view hides the mobile search and user icons.
        await expect(page.locator('header').getByRole('link', { name: /我的账户|My account/ })).toHaveCount(0)
      }
      const surname = page.locator('#at-surname')
      expect((await surname.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(52)
      const submit = page.locator('#apply-panel-attendee').getByRole('button', { name: '提交' })
      expect((await submit.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(56)
      // No hero and no side column: the form comes first.
      await expect(page.locator('main aside')).toHaveCount(0)
      await expectAccessible(page)
      await chooseFirstExhibition(page, 'at')
      await surname.fill('李')
      await page.locator('#at-givenName').fill('雷')
      await page.locator('#at-position').fill('分析师')
      await page.locator('#at-identity').selectOption('fintech')
      await page.locator('#at-industry').selectOption('crypto')
      await page.locator('#at-email').fill(`h5.${unique()}@example.cn`)
      await submit.click()
      await expect(toast(page)).toHaveText('提交成功！')
      await expect(page.getByTestId('application-reference')).toHaveText(/^AT-/)
    })
  }
})
