import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Scam reports (docs/product.md#scam-reports), tried as a person would: look up a look-alike web address,
 * follow "report it" from the answer, fill the form (a Chinese name, Thai text, an amount typed as
 * money) and get a reference; the same form without JavaScript; then a verifier opens the console's
 * queue, finds the report under its channel, investigates, confirms, writes a note and replies, and the
 * reply waits in the outbox in the reporter's language.
 */
type Texts = Record<string, unknown>
const bundle = (locale: string, file: string): Texts => JSON.parse(readFileSync(new URL(`../../locales/${locale}/${file}.json`, import.meta.url), 'utf8'))
/** The verification page's texts and the report form's own (`scam.json`). */
const texts = (locale: string): Texts => ({ ...bundle(locale, 'verify'), ...bundle(locale, 'scam') })
const at = (bundle: Texts, path: string): string => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], bundle) as string
const consoleTexts = JSON.parse(readFileSync(new URL('../../locales-console/en.json', import.meta.url), 'utf8')) as Texts

const LOOKALIKE = 'https://www.aurum-expoo.example/login'
const DISPLAY = 'www.aurum-expoo.example'
const REFERENCE = /^SR-[0-9A-Z]{4}-[0-9A-Z]{4}$/

let nextAddress = 0
/** Each test reports from an address of its own: the per-address limit never mixes tests. */
async function asNewVisitor(page: Page) {
  nextAddress += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.78.${process.pid % 250}.${nextAddress % 250}` })
}

async function axeFromTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAccessible(page)
}

const REPORTS = [
  { lang: 'en', description: 'A “support agent” 王小明 called and asked me to pay the booth deposit on this site.' },
  { lang: 'zh-cn', description: '王小明自称主办方客服，让我在这个网站上支付展位押金。' },
  { lang: 'th', description: 'มีคนโทรมาอ้างว่าเป็นเจ้าหน้าที่ของงาน ให้โอนเงินมัดจำบูธผ่านเว็บไซต์นี้' },
] as const

for (const { lang, description } of REPORTS) {
  const t = texts(lang)
  test.describe(`report a scam, ${lang}`, () => {
    test.use({ viewport: PHONE })

    test('when a visitor checks a look-alike address and follows “report it”, then the form opens with it, and a report sent gets a reference', async ({
      page,
    }) => {
      await asNewVisitor(page)
      await page.goto(`/${lang}/verify.html`)
      await hydrated(page)
      await page.getByLabel(at(t, 'query.label')).fill(LOOKALIKE)
      await page.getByRole('button', { name: at(t, 'query.submit') }).click()
      const result = page.getByTestId('channel-result')
      await expect(result).toContainText(at(t, 'result.lookalike.title'))
      await result.getByRole('link', { name: at(t, 'report.form') }).click()

      await expect(page).toHaveURL(new RegExp(`/${lang}/verify/report\\.html\\?value=`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(t, 'scamReport.title'))
      await expect(page.locator('#report-channels-0')).toHaveValue(DISPLAY)
      await axeFromTop(page)

      // Sent empty-handed first: every problem is named at once, beside its field and in the summary.
      await page.getByRole('button', { name: at(t, 'scamReport.send') }).click()
      const summary = page.getByRole('alert')
      await expect(summary).toContainText(at(t, 'scamReport.errors.summary'))
      await expect(page.locator('#report-happenedOn')).toHaveAttribute('aria-invalid', 'true')
      await axeFromTop(page)

      await page.getByLabel(at(t, 'scamReport.description')).fill(description)
      await page.getByLabel(at(t, 'scamReport.happenedOn')).fill('2026-01-15')
      await page.getByLabel(at(t, 'scamReport.amount'), { exact: true }).fill('299.00')
      await page.getByLabel(at(t, 'scamReport.currency'), { exact: true }).selectOption('THB')
      await page.getByLabel(at(t, 'scamReport.email')).fill(`reporter-${lang}@example.com`)
      await page.getByLabel(at(t, 'scamReport.consent')).check()
      await page.getByRole('button', { name: at(t, 'scamReport.send') }).click()

      await expect(page).toHaveURL(new RegExp(`/${lang}/verify/report/thanks\\.html\\?ref=SR-`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(t, 'scamReport.thanks.title'))
      await expect(page.getByTestId('report-reference')).toHaveText(REFERENCE)
      await axeFromTop(page)
      await page.setViewportSize(DESKTOP)
      await axeFromTop(page)
    })
  })
}

test.describe('report a scam without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP })

  test('when the form is posted without scripts, then a wrong one comes back with its values and messages, and a right one reaches the reference', async ({
    page,
  }) => {
    const t = texts('th')
    await asNewVisitor(page)
    await page.goto('/th/verify/report.html')
    await page.getByLabel(at(t, 'scamReport.description')).fill(REPORTS[2].description)
    await page.locator('#report-channels-0').fill('12')
    await page.getByLabel(at(t, 'scamReport.email')).fill('somchai@example.com')
    await page.getByRole('button', { name: at(t, 'scamReport.send') }).click()

    await expect(page).toHaveURL(/\/th\/verify\/report\.html\?draft=/)
    await expect(page.getByRole('alert')).toContainText(at(t, 'scamReport.errors.summary'))
    await expect(page.getByLabel(at(t, 'scamReport.description'))).toHaveValue(REPORTS[2].description)
    await expect(page.getByLabel(at(t, 'scamReport.email'))).toHaveValue('somchai@example.com')
    await expect(page.locator('#report-consent')).toHaveAttribute('aria-invalid', 'true')

    await page.locator('#report-channels-0').fill('+66 2 123 4567')
    await page.getByLabel(at(t, 'scamReport.happenedOn')).fill('2026-02-01')
    await page.getByLabel(at(t, 'scamReport.consent')).check()
    await page.getByRole('button', { name: at(t, 'scamReport.send') }).click()
    await expect(page).toHaveURL(/\/th\/verify\/report\/thanks\.html\?ref=SR-/)
    await expect(page.getByTestId('report-reference')).toHaveText(REFERENCE)
  })
})

const VERIFIER = 'vera.verifier@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
let verifierLink: string

test.describe('the verifier’s queue', () => {
  test.use({ viewport: PHONE })

  test.beforeAll(async ({ consoleSite }) => {
    verifierLink = await consoleSite.addStaff(VERIFIER, 'verifier', 'Vera Verifier')
  })

  test('when a verifier works a reported channel, then it moves to investigating and confirmed, keeps a note, and the reply is mailed in the reporter’s language', async ({
    page,
    browser,
    consoleSite,
  }) => {
    const t = texts('th')
    const visitor = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': '10.79.0.1' } })
    const reporter = await visitor.newPage()
    await reporter.goto(`${ORIGIN}/th/verify/report.html?value=${encodeURIComponent('https://t.me/aurum_refund_desk')}`)
    await hydrated(reporter)
    await reporter.getByLabel(at(t, 'scamReport.description')).fill(REPORTS[2].description)
    await reporter.getByLabel(at(t, 'scamReport.happenedOn')).fill('2026-02-01')
    await reporter.getByLabel(at(t, 'scamReport.email')).fill('somchai.reporter@example.com')
    await reporter.getByLabel(at(t, 'scamReport.consent')).check()
    await reporter.getByRole('button', { name: at(t, 'scamReport.send') }).click()
    await expect(reporter.getByTestId('report-reference')).toHaveText(REFERENCE)
    const reference = (await reporter.getByTestId('report-reference').textContent()) as string
    await visitor.close()

    const words = consoleTexts.scamReports as Texts
    await setUpAccount(page, verifierLink, 'correct horse battery staple', EN)
    await page.waitForURL(`${ORIGIN}/console`)
    await hydrated(page)
    await page.goto(`${ORIGIN}/console/scam-reports?q=aurum_refund_desk`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: at(words, 'title') })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: '@aurum_refund_desk' }).click()
    await expect(page.getByRole('heading', { level: 1, name: '@aurum_refund_desk' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: reference })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('button', { name: at(words, 'moveTo.investigating') }).click()
    await expect(page.getByRole('status')).toHaveText(at(words, 'statusSet').replace('{{status}}', at(words, 'statuses.investigating')))
    await page.getByRole('button', { name: at(words, 'moveTo.confirmed') }).click()
    await expect(page.getByRole('status')).toHaveText(at(words, 'statusSet').replace('{{status}}', at(words, 'statuses.confirmed')))

    await page.getByLabel(at(words, 'note')).fill('Telegram account reported to Telegram on the same day.')
    await page.getByRole('button', { name: at(words, 'addNote') }).click()
    await expect(page.getByText('Telegram account reported to Telegram on the same day.')).toBeVisible()

    await page
      .getByLabel(at(words, 'reply').replace('{{reference}}', reference))
      .fill('Thank you. We confirmed this account is a scam and warned our visitors.')
    await page.getByRole('button', { name: at(words, 'sendReply') }).click()
    await expect(page.getByRole('status')).toHaveText(at(words, 'replied').replace('{{reference}}', reference))
    await expectAccessible(page)

    const mail = await consoleSite.db.query<{ subject: string; text_body: string }>(
      `select subject, text_body from mail_outbox where to_address = 'somchai.reporter@example.com' order by created_at`,
    )
    // The receipt, then the reply, both in Thai.
    expect(mail.rows).toHaveLength(2)
    expect(mail.rows[0]?.subject).toContain(`รายงานการหลอกลวงของคุณ ${reference}`)
    expect(mail.rows[1]?.subject).toContain(`เกี่ยวกับรายงานการหลอกลวง ${reference}`)
    expect(mail.rows[1]?.text_body).toContain('Thank you. We confirmed this account is a scam')
  })
})
