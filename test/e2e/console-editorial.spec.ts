import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { expect, ORIGIN, setUpAccount, signIn, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The content editor (docs/product.md#console-content), tried as a new editor would: on a 375 px phone they
 * write a news article in English and Chinese with a cover picture, see what a Hong Kong reader gets
 * (the Chinese by fallback), open a preview link, and schedule it a little ahead; the public site
 * then shows it by itself in both languages, with a raster social image that loads. The list and
 * the editor are checked with axe at 375 px and on a desktop (kept as screenshots with E2E_SCREENSHOTS).
 */
const PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const EDITOR = 'edna@example.com'
const TITLE = 'Singapore hall plan is out'
const TITLE_ZH = '新加坡展馆平面图发布'

let link: string
/** The editor's authenticator from the first test: the second signs in with it. */
let nextCode: () => string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  link = await consoleSite.addStaff(EDITOR, 'editor', 'Edna Editor')
})

/** A 1600×900 photo of a hall plan: rows of stands on a dark floor. */
async function hallPlan(): Promise<Buffer> {
  const stand = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#d9a441' } })
    .png()
    .toBuffer()
  const stands = [0, 1, 2, 3, 4, 5].flatMap((column) => [0, 1, 2].map((row) => ({ input: stand, left: 180 + column * 210, top: 200 + row * 200 })))
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1b2a4a' } })
    .composite(stands)
    .jpeg({ quality: 85 })
    .toBuffer()
}

/** The start of the first whole minute at least 40 s ahead, as the UTC field takes it. */
function aMinuteAhead(): string {
  const at = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000
  return new Date(at).toISOString().slice(0, 16)
}

test('a new editor writes an article in English and Chinese, schedules it, and the site shows it at its time', async ({ consoleSite }) => {
  test.setTimeout(300_000)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    nextCode = await setUpAccount(page, link, PASSWORD, EN)
    await page.waitForURL(`${ORIGIN}/console`)
    await hydrated(page)
    await page
      .getByRole('navigation', { name: /console sections/i })
      .getByRole('link', { name: 'Content' })
      .click()
    await page.waitForURL(`${ORIGIN}/console/content`)
    await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('link', { name: 'New article' }).click()
    await page.waitForURL(`${ORIGIN}/console/content/news/new`)
    // Saving with nothing but a slug: English is asked for, beside the English row.
    await page.getByLabel('Address name', { exact: true }).fill('singapore-hall-plan')
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await expect(page.getByRole('alert')).toHaveText('English texts are required: every other language falls back to them.')
    await expectAccessible(page)

    await page.getByRole('checkbox', { name: 'Exhibitions' }).check()
    // The cover is uploaded in place (the media library keeps it and makes its copies).
    const cover = page.getByRole('group', { name: 'Cover picture' })
    await cover.getByLabel('Upload a file').setInputFiles({ name: 'Hall plan.jpg', mimeType: 'image/jpeg', buffer: await hallPlan() })
    // The copies are made by a worker in the background: seconds on a loaded machine (as in console-exhibition-content.spec.ts).
    await expect(cover.getByText('1600 × 900 px')).toBeVisible({ timeout: 30_000 })
    const english = page.locator('#content-texts-en')
    await english.getByLabel('Title').fill(TITLE)
    await english.getByLabel('Summary').fill('Where each stand is, and how to get there from the MRT.')
    await english.getByLabel(/alt text/).fill('A floor plan of the hall with numbered stands')
    const englishBody = english.getByRole('textbox', { name: 'Body (en)' })
    await englishBody.click()
    await englishBody.pressSequentially('The plan shows ')
    await english.getByRole('button', { name: 'Bold' }).click()
    await englishBody.pressSequentially('every stand')
    await english.getByRole('button', { name: 'Bold' }).click()
    await englishBody.pressSequentially(' by number.')
    await expect(english.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false')

    const chinese = page.locator('#content-texts-zh-cn')
    await expect(chinese.getByText('missing')).toBeVisible()
    await chinese.getByLabel('Title').fill(TITLE_ZH)
    await chinese.getByLabel('Summary').fill('每个展位的位置，以及从地铁站如何前往。')
    await chinese.getByLabel(/alt text/).fill('展馆平面图，标有展位编号')
    await chinese.getByRole('button', { name: 'Write the body (zh-cn)' }).click()
    const chineseBody = chinese.getByRole('textbox', { name: 'Body (zh-cn)' })
    await chineseBody.click()
    // Bold ending in a full-width colon with Chinese right after it: no space, as Chinese is written.
    await chinese.getByRole('button', { name: 'Bold' }).click()
    await chineseBody.pressSequentially('注意：')
    await chinese.getByRole('button', { name: 'Bold' }).click()
    await chineseBody.pressSequentially('平面图按编号标出每个展位。')
    await expect(chinese.getByText('missing')).toHaveCount(0)

    await page.getByRole('button', { name: 'Save as draft' }).click()
    await expect(page.getByRole('status')).toHaveText('Saved.')
    await page.waitForURL(/\/console\/content\/news\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    await expect(page.getByText('Draft', { exact: true })).toBeVisible()
    // The saved Markdown reads back as bold in the editor, not as asterisks.
    await page.reload()
    await hydrated(page)
    await page.locator('#content-texts-zh-cn').getByRole('button', { name: 'Edit the body (zh-cn)' }).click()
    await expect(page.locator('#content-texts-zh-cn').locator('strong', { hasText: '注意：' })).toBeVisible()
    await expect(page.locator('#content-texts-zh-cn').getByText('**')).toHaveCount(0)

    // What a reader in Hong Kong gets: the simplified Chinese, by fallback.
    const preview = page.getByRole('region', { name: 'What a visitor reads' })
    await preview.getByLabel('Visitor’s language').selectOption('zh-hk')
    await preview.getByRole('button', { name: 'Show' }).click()
    await expect(preview.getByTestId('language-preview')).toContainText('A visitor reading zh-hk gets the zh-cn texts')
    await expect(preview.getByRole('heading', { name: TITLE_ZH })).toBeVisible()
    await expectAccessible(page)

    // A preview link shows the draft on the site, marked as a preview.
    const publishing = page.getByRole('region', { name: 'Publishing' })
    await publishing.getByLabel('Preview link language').selectOption('en')
    await publishing.getByRole('button', { name: 'Make a preview link' }).click()
    const previewUrl = (await publishing.getByTestId('preview-link').getAttribute('href')) ?? ''
    expect(previewUrl).toMatch(/\/en\/preview\/v1\./)
    const reviewer = await (await browser.newContext({ viewport: PHONE })).newPage()
    const previewAnswer = await reviewer.goto(previewUrl)
    expect(previewAnswer?.headers()['cache-control']).toBe('private, no-store')
    await expect(reviewer.getByTestId('preview-banner')).toContainText('Preview')
    await expect(reviewer.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    await expect(reviewer.locator('strong', { hasText: 'every stand' })).toBeVisible()
    await reviewer.close()

    // Not on the site yet.
    const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage()
    expect((await visitor.goto(`${ORIGIN}/en/exhibition/${id}`))?.status()).toBe(404)

    await publishing.getByLabel('Publish at (UTC)').fill(aMinuteAhead())
    await publishing.getByRole('button', { name: 'Schedule' }).click()
    await expect(page.getByRole('status')).toHaveText('Scheduled.')
    await expect(page.getByText('Scheduled', { exact: true })).toBeVisible()

    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
    await page.getByRole('link', { name: '← All content' }).click()
    await page.waitForURL(`${ORIGIN}/console/content`)
    await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toContainText('Scheduled')
    await expect(page.getByRole('row', { name: new RegExp(TITLE) })).toContainText('2 of 12')
    await expectAccessible(page)

    // Its time comes: moved to now in the database, not waited for. The site shows it by itself at the
    // scheduler's next look (every 15 s), which refreshes the cached pages: the article's page, cached
    // as "not found" above, and the news list.
    await consoleSite.db.query('update news_articles set published_at = now() where id = $1', [id])
    await expect.poll(async () => (await visitor.request.get(`${ORIGIN}/en/exhibition/${id}`)).status(), { timeout: 60_000, intervals: [1_000] }).toBe(200)
    expect(await (await visitor.request.get(`${ORIGIN}/en/exhibition/news.html`)).text()).toContain(TITLE)
    await visitor.goto(`${ORIGIN}/en/exhibition/${id}`)
    await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    await expect(visitor.locator('strong', { hasText: 'every stand' })).toBeVisible()
    await expectAccessible(visitor)
    await visitor.goto(`${ORIGIN}/zh-cn/exhibition/${id}`)
    await expect(visitor.locator('strong', { hasText: '注意：' })).toBeVisible()
    expect(await visitor.locator('main').textContent()).not.toContain('**')
    await visitor.goto(`${ORIGIN}/en/exhibition/${id}`)
    const ogImage = (await visitor.locator('meta[property="og:image"]').getAttribute('content')) ?? ''
    const image = await visitor.request.get(ogImage)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/)
    const bytes = await image.body()
    // PNG or JPEG by their first bytes, not by the name.
    expect(bytes.subarray(0, 4).toString('hex')).toMatch(/^(89504e47|ffd8ff)/)

    await visitor.setViewportSize(PHONE)
    await visitor.goto(`${ORIGIN}/zh-cn/exhibition/${id}`)
    await expect(visitor.getByRole('heading', { level: 1, name: TITLE_ZH })).toBeVisible()
    await expectAccessible(visitor)
    expect(problems.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([])
  } finally {
    await browser.close()
  }
})

test('the same editor writes a bulletin and a video: each kind has its own fields, and a bulletin published now is on the site at once', async () => {
  test.setTimeout(180_000)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage()
    await page.goto(`${ORIGIN}/console/sign-in`)
    await signIn(page, EDITOR, PASSWORD, nextCode())
    await page.waitForURL(`${ORIGIN}/console`)
    await page.goto(`${ORIGIN}/console/content/bulletin/new`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'New bulletin' })).toBeVisible()
    // A bulletin is short: no topics, no picture, and a toolbar without headings or quotes.
    await expect(page.getByRole('group', { name: /Topics/ })).toHaveCount(0)
    await expect(page.getByRole('group', { name: 'Cover picture' })).toHaveCount(0)
    await page.getByLabel('Address name', { exact: true }).fill('hall-b-opens-late')
    await page.getByLabel('Kind of bulletin').selectOption('schedule')
    await page.getByLabel('Pinned at the top').check()
    const english = page.locator('#content-texts-en')
    await english.getByLabel('Title').fill('Hall B opens at 11:00 on Friday')
    await expect(english.getByRole('button', { name: 'Heading' })).toHaveCount(0)
    const body = english.getByRole('textbox', { name: 'Body (en)' })
    await body.click()
    await body.pressSequentially('Hall A opens at 09:00 as usual.')
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await expect(page.getByRole('status')).toHaveText('Saved.')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Publish now' }).click()
    await expect(page.getByRole('status')).toHaveText('Published: it is on the site now.')
    await expect(page.getByRole('link', { name: 'See it on the site' })).toHaveAttribute('href', '/en/bulletin.html')
    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage()
    await visitor.goto(`${ORIGIN}/en/bulletin.html`)
    await expect(visitor.getByText('Hall B opens at 11:00 on Friday')).toBeVisible()
    // Taken down, it leaves the page at once.
    await page.getByRole('button', { name: 'Take down' }).click()
    await expect(page.getByRole('status')).toHaveText('Taken down: it is no longer on the site.')
    await visitor.reload()
    await expect(visitor.getByText('Hall B opens at 11:00 on Friday')).toHaveCount(0)

    await page.goto(`${ORIGIN}/console/content/video/new`)
    await hydrated(page)
    await page.getByLabel('Address name', { exact: true }).fill('opening-keynote')
    await page.getByLabel('Category').selectOption('keynotes')
    await page.getByLabel('Length (seconds)').fill('2400')
    await page.getByLabel('Stream or file address').fill('http://stream.example.org/keynote/master.m3u8')
    await page.getByLabel('Type', { exact: true }).selectOption('application/vnd.apple.mpegurl')
    await page.locator('#content-texts-en').getByLabel('Title').fill('Opening keynote')
    await page.locator('#content-texts-en').getByLabel('Description', { exact: true }).fill('The first morning on the main stage.')
    await page.getByRole('button', { name: 'Save as draft' }).click()
    // A stream must be https.
    await expect(page.locator('#content-source-error')).toHaveText('Enter a path on this site (/…) or an https:// address.')
    await page.getByLabel('Stream or file address').fill('https://stream.example.org/keynote/master.m3u8')
    // Captions are optional, one WebVTT file per language.
    await page.getByRole('button', { name: 'Add a caption track' }).click()
    await page.getByLabel('Caption file address').fill('https://stream.example.org/keynote/en.srt')
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await expect(page.locator('#content-caption-src-0-error')).toHaveText('Captions are .vtt files, one per language.')
    await page.getByLabel('Caption file address').fill('https://stream.example.org/keynote/en.vtt')
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await expect(page.getByRole('status')).toHaveText('Saved.')
    await expect(page.getByLabel('Caption file address')).toHaveValue('https://stream.example.org/keynote/en.vtt')
    await expectAccessible(page)
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
  } finally {
    await browser.close()
  }
})
