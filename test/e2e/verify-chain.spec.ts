import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The whole verification chain (docs/product.md#scam-reports, #scam-report-evidence, #scam-alerts), as
 * people meet it, in English, Chinese and Thai: a visitor looks up a look-alike web address and a
 * Telegram invite link, reports both with a screenshot; the verifier opens the screenshot in the
 * console and confirms both channels; they appear on the alerts page and in the RSS and JSON feeds;
 * and the lookup then answers "known scam channel" for each.
 */
type Texts = Record<string, unknown>
const bundle = (locale: string, file: string): Texts => JSON.parse(readFileSync(new URL(`../../locales/${locale}/${file}.json`, import.meta.url), 'utf8'))
const texts = (locale: string): Texts => ({ ...bundle(locale, 'verify'), ...bundle(locale, 'scam') })
const at = (from: Texts, path: string): string => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], from) as string
const words = (JSON.parse(readFileSync(new URL('../../locales-console/en.json', import.meta.url), 'utf8')) as Texts).scamReports as Texts

const VERIFIER = 'chain.verifier@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }

const CASES = [
  {
    lang: 'en',
    tag: 'en',
    domain: 'www.aurum-expo.net',
    description: 'A “support agent” 王小明 sent me this group and a payment site for the booth deposit.',
  },
  { lang: 'zh-cn', tag: 'cn', domain: 'www.aurum-expo.cn', description: '王小明自称主办方客服，拉我进这个群，并让我在这个网站上支付展位押金。' },
  { lang: 'th', tag: 'th', domain: 'www.aurum-expo.co.th', description: 'มีคนอ้างว่าเป็นเจ้าหน้าที่ของงาน ชวนเข้ากลุ่มนี้และให้โอนเงินมัดจำบูธผ่านเว็บไซต์นี้' },
] as const

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A phone's screenshot of the chat: a small picture made here, sent as a file. */
async function screenshotFile() {
  const buffer = await sharp({ create: { width: 360, height: 640, channels: 3, background: { r: 235, g: 240, b: 250 } } })
    .png()
    .toBuffer()
  return { name: 'chat-screenshot.png', mimeType: 'image/png', buffer }
}

async function axeFromTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAccessible(page)
}

/** Looks a value up on the verification page and answers the result's box. */
async function lookUp(page: Page, lang: string, value: string) {
  const t = texts(lang)
  await page.goto(`${ORIGIN}/${lang}/verify.html`)
  await hydrated(page)
  await page.getByLabel(at(t, 'query.label')).fill(value)
  await page.getByRole('button', { name: at(t, 'query.submit') }).click()
  return page.getByTestId('channel-result')
}

/** The visitor's part: both look-ups, then the report with its screenshot; answers the reference. */
async function report(browser: Browser, item: (typeof CASES)[number], invite: string, domain: string, address: string): Promise<string> {
  const t = texts(item.lang)
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': address } })
  const page = await context.newPage()
  try {
    const lookalike = await lookUp(page, item.lang, `https://${domain}/login`)
    // Not ours, and said to imitate us.
    await expect(lookalike.getByRole('heading', { level: 2 })).toHaveText(at(t, 'result.unofficial.title'))
    await expect(lookalike).toContainText(at(t, 'result.lookalike.title'))
    const unknown = await lookUp(page, item.lang, `https://${invite}`)
    await expect(unknown).toContainText(at(t, 'result.unofficial.title'))
    await unknown.getByRole('link', { name: at(t, 'report.form') }).click()
    await expect(page).toHaveURL(new RegExp(`/${item.lang}/verify/report\\.html\\?value=`))
    await hydrated(page)

    await page.getByLabel(at(t, 'scamReport.description')).fill(item.description)
    await page.getByRole('button', { name: at(t, 'scamReport.addChannel') }).click()
    await page.locator('#report-channels-1').fill(`https://${domain}/login`)
    await page.getByLabel(at(t, 'scamReport.happenedOn')).fill('2026-01-15')
    await page.getByLabel(at(t, 'scamReport.amount'), { exact: true }).fill('299.00')
    await page.getByLabel(at(t, 'scamReport.currency'), { exact: true }).selectOption('USD')
    await page.getByLabel(at(t, 'scamReport.evidenceFiles')).setInputFiles(await screenshotFile())
    await axeFromTop(page)
    await page.setViewportSize(DESKTOP)
    await axeFromTop(page)
    await page.setViewportSize(PHONE)
    await page.getByRole('button', { name: at(t, 'scamReport.send') }).click()
    await expect(page).toHaveURL(new RegExp(`/${item.lang}/verify/report/thanks\\.html\\?ref=SR-`))
    const reference = page.getByTestId('report-reference')
    await expect(reference).toHaveText(/^SR-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    return (await reference.textContent()) as string
  } finally {
    await context.close()
  }
}

test.describe.configure({ mode: 'serial' })

let verifierLink: string

test.beforeAll(async ({ consoleSite }) => {
  verifierLink = await consoleSite.addStaff(VERIFIER, 'verifier', 'Chain Verifier')
})

test('a look-alike address and an invite link are looked up, reported with a screenshot, confirmed, published and then known, in English, Chinese and Thai', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await page.setViewportSize(PHONE)
  await setUpAccount(page, verifierLink, 'correct horse battery staple', EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await hydrated(page)

  for (const [index, item] of CASES.entries()) {
    const t = texts(item.lang)
    const invite = `t.me/+ChainVip${item.tag}Grp2026`
    // Our name at a domain that is not ours, one a language.
    const domain = item.domain
    const reference = await report(browser, item, invite, domain, `10.81.${process.pid % 250}.${index + 1}`)

    // The verifier: the invite link's group, the screenshot, the confirmation; then the address's group, reached from the report.
    await page.goto(`${ORIGIN}/console/scam-reports?q=${encodeURIComponent(`ChainVip${item.tag}`)}`)
    await hydrated(page)
    await page.getByRole('link', { name: new RegExp(literal(`ChainVip${item.tag}Grp2026`), 'i') }).click()
    await expect(page.getByRole('heading', { level: 3, name: reference })).toBeVisible()
    const evidence = page.getByRole('link', { name: /chat-screenshot\.jpg/ })
    await expect(evidence).toBeVisible()
    const opened = await page.request.get(`${ORIGIN}${await evidence.getAttribute('href')}`)
    expect(opened.status()).toBe(200)
    expect(opened.headers()['content-type']).toBe('image/jpeg')
    expect((await sharp(await opened.body()).metadata()).width).toBe(360)
    await expectAccessible(page)
    await page.getByRole('button', { name: at(words, 'moveTo.confirmed') }).click()
    await expect(page.getByRole('status')).toHaveText(at(words, 'statusSet').replace('{{status}}', at(words, 'statuses.confirmed')))

    await page.getByRole('link', { name: new RegExp(literal(domain.replace(/^www\./, ''))) }).click()
    await expect(page.getByRole('heading', { level: 3, name: reference })).toBeVisible()
    await page.getByRole('button', { name: at(words, 'moveTo.confirmed') }).click()
    await expect(page.getByRole('status')).toHaveText(at(words, 'statusSet').replace('{{status}}', at(words, 'statuses.confirmed')))
    await expectAccessible(page)

    // Published: the alerts page at both widths, the feeds, and the lookup of each value.
    const registrable = domain.replace(/^www\./, '')
    for (const viewport of [PHONE, DESKTOP]) {
      const visitor = await browser.newPage({ viewport })
      await visitor.goto(`${ORIGIN}/${item.lang}/verify/alerts.html`)
      await hydrated(visitor)
      await expect(visitor.getByRole('listitem').filter({ hasText: invite })).toBeVisible()
      await expect(visitor.getByRole('listitem').filter({ hasText: registrable })).toBeVisible()
      await expectAccessible(visitor)
      if (viewport === PHONE) {
        const rss = await (await visitor.request.get(`${ORIGIN}/${item.lang}/verify/alerts.rss`)).text()
        expect(rss).toContain(invite)
        expect(rss).toContain(registrable)
        const json = (await (await visitor.request.get(`${ORIGIN}/api/verify/alerts?lang=${item.lang}`)).json()) as { items: Array<{ display: string }> }
        const shown = json.items.map((alert) => alert.display)
        expect(shown).toContain(invite)
        expect(shown.some((display) => display.includes(registrable))).toBe(true)
        for (const value of [`https://${invite}`, `https://${domain}/login`]) {
          const known = await lookUp(visitor, item.lang, value)
          await expect(known.getByRole('heading', { level: 2 })).toHaveText(
            new RegExp(`^${literal(at(t, 'result.scam.title')).replace(literal('{{date}}'), '.+')}$`),
          )
        }
        await axeFromTop(visitor)
      }
      await visitor.close()
    }
  }
})

test('without JavaScript, a refused report keeps its screenshot, and the corrected form sends it with the report', async ({ browser, consoleSite }) => {
  const t = texts('th')
  const context = await browser.newContext({
    viewport: PHONE,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.82.${process.pid % 250}.1` },
  })
  const page = await context.newPage()
  try {
    await page.goto(`${ORIGIN}/th/verify/report.html?value=${encodeURIComponent('https://t.me/+NoScriptVipGrp2026')}`)
    await page.getByLabel(at(t, 'scamReport.description')).fill(CASES[2].description)
    await page.getByLabel(at(t, 'scamReport.evidenceFiles')).setInputFiles(await screenshotFile())
    // The day is left out: the form comes back, the screenshot already kept.
    await page.getByRole('button', { name: at(t, 'scamReport.send') }).click()
    await expect(page).toHaveURL(/\/th\/verify\/report\.html\?draft=/)
    await expect(page.getByRole('alert')).toContainText(at(t, 'scamReport.errors.summary'))
    const keep = page.getByRole('checkbox', { name: /chat-screenshot\.jpg/ })
    await expect(keep).toBeChecked()

    await page.getByLabel(at(t, 'scamReport.happenedOn')).fill('2026-02-01')
    await page.getByRole('button', { name: at(t, 'scamReport.send') }).click()
    await expect(page).toHaveURL(/\/th\/verify\/report\/thanks\.html\?ref=SR-/)
    const reference = (await page.getByTestId('report-reference').textContent()) as string
    const files = await consoleSite.db.query<{ kind: string; name: string }>(
      'select e.kind, e.name from scam_report_evidence e join scam_reports r on r.id = e.report_id where r.reference = $1',
      [reference],
    )
    expect(files.rows).toEqual([{ kind: 'image', name: 'chat-screenshot.jpg' }])
  } finally {
    await context.close()
  }
})
