import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Public scam alerts (docs/product.md#scam-alerts): a verifier publishes a Telegram invite link and a
 * look-alike domain in the console on a phone; both appear on the public alerts page and in its RSS
 * feed in English, Chinese and Thai; the verification page then answers "known scam channel" with the
 * day it was reported, with scripts and without.
 */
const PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const VERIFIER = 'sasha.alerts@example.com'
const INVITE = 't.me/+Wh4leVipGr0up'
const DOMAIN = 'aurum-expo-ticket-desk.com'

let link: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  link = await consoleSite.addStaff(VERIFIER, 'verifier', 'Sasha Alerts')
})

test('a verifier publishes two scam alerts; the alerts page, its feed and the check show them in English, Chinese and Thai', async () => {
  test.setTimeout(240_000)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: PHONE })
    await setUpAccount(page, link, PASSWORD, EN)
    await page.waitForURL(`${ORIGIN}/console`)
    await hydrated(page)
    await page
      .getByRole('navigation', { name: /console sections/i })
      .getByRole('link', { name: 'Scam alerts' })
      .click()
    await page.waitForURL(`${ORIGIN}/console/alerts`)
    await expect(page.getByRole('heading', { level: 1, name: 'Scam alerts' })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Publish an alert' }).click()
    let dialog = page.getByRole('dialog', { name: 'Publish a scam alert' })
    await dialog.getByLabel('Kind').selectOption('telegram')
    await dialog.getByLabel('Value').fill(`https://${INVITE}`)
    await dialog.getByLabel('First seen').fill('2026-01-10')
    await dialog.getByLabel('Summary in 简体中文 (optional)').fill('王小明冒充主办方的“VIP群”，要求用USDT付款。')
    // English is required: the form says so beside the field.
    await dialog.getByRole('button', { name: 'Publish an alert' }).click()
    await expect(dialog.getByText('Write the summary in English: it is shown to readers of every language without one.')).toBeVisible()
    await expectAccessible(page)
    await dialog.getByLabel('Summary in English').fill('A fake “VIP group” that sells tickets for USDT.')
    await dialog.getByLabel('Summary in ไทย (optional)').fill('กลุ่ม VIP ปลอมที่ขายบัตรด้วย USDT')
    await dialog.getByRole('button', { name: 'Publish an alert' }).click()
    await expect(page.getByRole('status')).toHaveText(`The alert for ${INVITE} is published.`)

    await page.getByRole('button', { name: 'Publish an alert' }).click()
    dialog = page.getByRole('dialog', { name: 'Publish a scam alert' })
    await dialog.getByLabel('Kind').selectOption('domain')
    await dialog.getByLabel('Value').fill(`https://www.${DOMAIN}/pay?ref=1`)
    await dialog.getByLabel('First seen').fill('2026-02-01')
    await dialog.getByLabel('Summary in English').fill('A copy of our ticket shop that takes card details.')
    await dialog.getByRole('button', { name: 'Publish an alert' }).click()
    await expect(page.getByRole('status')).toHaveText(`The alert for ${DOMAIN} is published.`)
    const row = page.getByRole('row', { name: new RegExp(INVITE.replace(/[.+]/g, '\\$&')) })
    await expect(row).toContainText('Live')
    await expectAccessible(page)
    // Changing an alert keeps its channel: only what is said about it changes.
    await row.getByRole('button', { name: 'Change' }).click()
    dialog = page.getByRole('dialog', { name: `Change the alert for ${INVITE}` })
    await expect(dialog.getByLabel('Value')).toHaveValue(INVITE)
    await dialog.getByLabel('Summary in English').fill('A fake “VIP group” that sells tickets for USDT.')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status')).toHaveText(`The alert for ${INVITE} is published.`)

    for (const [lang, title, summary, heading] of [
      ['en', 'Scam alerts', 'A fake “VIP group” that sells tickets for USDT.', /^Known scam channel — reported on /],
      ['zh-cn', '诈骗警示', '王小明冒充主办方的“VIP群”，要求用USDT付款。', /^已知诈骗渠道（.+报告）$/],
      ['th', 'ประกาศเตือนมิจฉาชีพ', 'กลุ่ม VIP ปลอมที่ขายบัตรด้วย USDT', /^ช่องทางมิจฉาชีพที่ทราบแล้ว รายงานเมื่อ /],
    ] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const visitor = await browser.newPage({ viewport })
        await visitor.goto(`${ORIGIN}/${lang}/verify/alerts.html`)
        await hydrated(visitor)
        await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
        const invite = visitor.getByRole('listitem').filter({ hasText: INVITE })
        await expect(invite).toContainText(summary)
        await expect(visitor.getByRole('listitem').filter({ hasText: DOMAIN })).toBeVisible()
        await expectAccessible(visitor)
        if (viewport === PHONE) {
          // The search form is a GET form: the address carries it, and the normalised value matches.
          await visitor.getByRole('searchbox').fill(`tg://join?invite=${INVITE.slice(6)}`)
          await visitor.getByRole('searchbox').press('Enter')
          await expect(visitor).toHaveURL(/[?&]q=/)
          await expect(visitor.getByRole('listitem').filter({ hasText: INVITE })).toBeVisible()
          await expect(visitor.getByRole('listitem').filter({ hasText: DOMAIN })).toHaveCount(0)

          const feed = await visitor.request.get(`${ORIGIN}/${lang}/verify/alerts.rss`)
          expect(feed.headers()['content-type']).toMatch(/^application\/rss\+xml/)
          const xml = await feed.text()
          expect(xml).toContain(`<atom:link href="http://127.0.0.1`)
          expect(xml).toContain(INVITE)
          expect(xml).toContain(DOMAIN)

          // The check, with scripts: typed on the verification page.
          await visitor.goto(`${ORIGIN}/${lang}/verify.html`)
          await hydrated(visitor)
          await visitor.locator('#verify-value').fill(`https://${INVITE}`)
          await visitor.locator('#verify-value').press('Enter')
          const result = visitor.getByTestId('channel-result')
          await expect(result.getByRole('heading', { level: 2 })).toHaveText(heading)
          await expect(result).toContainText(summary)
          await visitor.evaluate(() => window.scrollTo(0, 0))
          await expectAccessible(visitor)
        }
        await visitor.close()
      }
    }

    // Without scripts: the query form's address is answered by the server.
    const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })
    const plain = await noScript.newPage()
    await plain.goto(`${ORIGIN}/en/verify.html?value=${encodeURIComponent(`https://${DOMAIN}/login`)}`)
    await expect(plain.getByTestId('channel-result').getByRole('heading', { level: 2 })).toHaveText(/^Known scam channel — reported on /)
    await expect(plain.getByTestId('channel-result')).toContainText('A copy of our ticket shop that takes card details.')
    await plain.goto(`${ORIGIN}/en/verify/alerts.html?q=${encodeURIComponent(DOMAIN)}`)
    await expect(plain.getByRole('listitem').filter({ hasText: DOMAIN })).toBeVisible()
    await noScript.close()
  } finally {
    await browser.close()
  }
})
