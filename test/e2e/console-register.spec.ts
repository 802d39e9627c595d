import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The verification register (docs/product.md#console-register): a new verifier, on a 375 px phone, adds an
 * official channel in the console; the public verification page then answers it as official, and
 * the console's "what visitors check" shows the check; a PDF is registered (a web page renamed .pdf
 * refused). Every console view is checked with axe at
 * 375 px and on a desktop (kept as screenshots with E2E_SCREENSHOTS).
 */
const PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const VERIFIER = 'vera@example.com'

let link: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  link = await consoleSite.addStaff(VERIFIER, 'verifier', 'Vera Verifier')
})

test('a verifier adds an official channel and the verification page finds it', async () => {
  test.setTimeout(180_000)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await setUpAccount(page, link, PASSWORD, EN)
    await page.waitForURL(`${ORIGIN}/console`)
    await hydrated(page)
    await page
      .getByRole('navigation', { name: /console sections/i })
      .getByRole('link', { name: 'Verification register' })
      .click()
    await page.waitForURL(`${ORIGIN}/console/register`)
    await expect(page.getByRole('heading', { level: 1, name: 'Verification register' })).toBeVisible()
    await expectAccessible(page)

    const form = page.getByRole('region', { name: 'Add an official channel' })
    // A number written without its country code is refused with the reason.
    await form.getByLabel('Number, address or account').fill('020 7946 0188')
    await form.getByRole('button', { name: 'Add channel' }).click()
    await expect(form.getByText('Enter the number with its country code')).toBeVisible()
    await expectAccessible(page)

    await form.getByLabel('Kind').selectOption('phone')
    await form.getByLabel('Used for').selectOption('tickets')
    await form.getByLabel('Number, address or account').fill('+44 (0)20 7946 0188')
    await form.getByLabel('Official since').fill('2025-01-15')
    await form.getByLabel(/list it on the public pages/i).check()
    await form.getByRole('button', { name: 'Add channel' }).click()
    await expect(page.getByRole('status')).toHaveText('+44 20 7946 0188 is now in the register.')
    const row = page.getByRole('row', { name: /\+44 20 7946 0188/ })
    await expect(row).toContainText('Tickets')
    await expect(row).toContainText('Since 2025-01-15')
    await expectAccessible(page)

    // The same number again, written another way: refused, and named.
    await form.getByLabel('Number, address or account').fill('0044 20 7946 0188')
    await form.getByRole('button', { name: 'Add channel' }).click()
    await expect(page.getByRole('alert')).toHaveText('+44 20 7946 0188 is already in the register.')

    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)

    // The public page answers it as ours at once.
    const visitor = await browser.newPage({ viewport: DESKTOP })
    await visitor.goto(`${ORIGIN}/en/verify.html?value=${encodeURIComponent('+44 20 7946 0188')}`)
    await expect(visitor.getByRole('heading', { level: 2, name: 'Official channel', exact: true })).toBeVisible()
    await expect(visitor.getByTestId('channel-result')).toContainText('+44 20 7946 0188')
    await visitor.goto(`${ORIGIN}/en/verify.html?value=${encodeURIComponent('@aurum_expo_helpdesk')}`)
    await expect(visitor.getByRole('heading', { level: 2, name: 'Non-official channel', exact: true })).toBeVisible()
    await visitor.close()

    await page.getByRole('navigation', { name: 'Parts of the register' }).getByRole('link', { name: 'What visitors check' }).click()
    await expect(page.getByRole('region', { name: /asked about most, not ours/i }).first()).toContainText('@aurum_expo_helpdesk')
    await expectAccessible(page)
    await page.setViewportSize(PHONE)
    await expectAccessible(page)

    await page.getByRole('navigation', { name: 'Parts of the register' }).getByRole('link', { name: 'Documents' }).click()
    const upload = page.getByRole('region', { name: 'Register a document' })
    await upload.getByLabel('Title').fill('Stand Agreement SG-2027')
    await upload.getByLabel('Issued to').fill('Example Trading Ltd')
    // A web page renamed .pdf is refused by what it is, not by its name.
    await upload
      .getByLabel('PDF file')
      .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><p>hello</p>') })
    await upload.getByRole('button', { name: 'Register document' }).click()
    await expect(upload.getByText('This file is not a PDF.')).toBeVisible()
    await expectAccessible(page)
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
    await upload.getByLabel('PDF file').setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: pdf })
    await upload.getByRole('button', { name: 'Register document' }).click()
    await expect(page.getByRole('status')).toHaveText('“Stand Agreement SG-2027” is registered.')
    await expect(page.getByRole('row', { name: /Stand Agreement SG-2027/ })).toContainText('Example Trading Ltd')
    await expectAccessible(page)
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
  } finally {
    await browser.close()
  }
})

/**
 * An exhibitor's channel (docs/product.md#exhibitor-channels): the verifier records it for a demo
 * exhibitor with the day it is vouched for until; the public check answers it as that exhibitor's (not
 * ours), links to its page in the directory, in English and Chinese; a look-alike names whose it imitates.
 */
test("a verifier records an exhibitor's channel and the verification page answers it as theirs", async ({ consoleSite }) => {
  test.setTimeout(180_000)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: PHONE })
    await consoleSite.signInWithoutCode(page, VERIFIER)
    await page.goto(`${ORIGIN}/console/register`)
    await hydrated(page)
    const form = page.getByRole('region', { name: 'Add an official channel' })
    await form.getByLabel('Whose channel').selectOption({ label: 'Harbourline Markets' })
    await form.getByLabel('Kind').selectOption('telegram')
    await form.getByLabel('Used for').selectOption('support')
    await form.getByLabel('Number, address or account').fill('t.me/harbourline_support')
    await form.getByLabel('Official since').fill('2026-01-15')
    // Vouched for a period: without its last day it is refused, beside the field.
    await form.getByRole('button', { name: 'Add channel' }).click()
    await expect(form.getByText("Choose the day the verification ends: an exhibitor's channel is vouched for a period.")).toBeVisible()
    // Far enough ahead that the test never depends on the day it runs.
    await form.getByLabel('Verified until').fill('2099-12-31')
    await form.getByRole('button', { name: 'Add channel' }).click()
    await expect(page.getByRole('status')).toHaveText('@harbourline_support is now in the register.')
    const row = page.getByRole('row', { name: /@harbourline_support/ })
    await expect(row).toContainText('Channel of Harbourline Markets')
    await expect(row).toContainText('Verified until 2099-12-31')
    await expectAccessible(page)

    for (const [lang, title, name] of [
      ['en', 'Verified channel of an exhibitor', 'Harbourline Markets'],
      ['zh-cn', '参展商的已验证渠道', '港线市场'],
    ] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const visitor = await browser.newPage({ viewport })
        await visitor.goto(`${ORIGIN}/${lang}/verify.html?value=${encodeURIComponent('@harbourline_support')}`)
        await hydrated(visitor)
        const result = visitor.getByTestId('channel-result')
        await expect(result.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible()
        await expect(result).toContainText(name)
        // With the exhibition it is at, linked to its page in that exhibition's directory.
        await expect(result.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
          'href',
          new RegExp(`^/${lang}/backDetail/\\d+/exhibitors/harbourline-markets$`),
        )
        await visitor.evaluate(() => window.scrollTo(0, 0))
        await expectAccessible(visitor)
        if (lang === 'en' && viewport === DESKTOP) {
          // Its page in the directory lists the channel with our mark and its validity.
          await result.getByRole('link', { name: /Harbourline Markets in the exhibitor directory/ }).click()
          await expect(visitor.getByRole('heading', { level: 1, name: 'Harbourline Markets' })).toBeVisible()
          await expect(visitor.getByText('@harbourline_support')).toBeVisible()
          // A look-alike (a zero for the o) is named as an imitation of theirs.
          await visitor.goto(`${ORIGIN}/en/verify.html?value=${encodeURIComponent('@harb0urline_support')}`)
          await expect(visitor.getByRole('heading', { level: 2, name: 'Non-official channel', exact: true })).toBeVisible()
          await expect(visitor.getByText('It looks like a channel of Harbourline Markets, but it is not')).toBeVisible()
        }
        await visitor.close()
      }
    }
  } finally {
    await browser.close()
  }
})
