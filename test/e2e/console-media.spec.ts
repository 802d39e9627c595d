import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The media library (docs/product.md#console-media), tried as a new editor would: on a 375 px phone, a web page renamed
 * .png is refused in words, a photo is uploaded and opens at once, its alternative text is written
 * in English and Simplified Chinese (the other ten marked missing); on a desktop the library shows
 * it and finds it by its Chinese text; the copies are served in their formats. axe on every view
 * (screenshots with E2E_SCREENSHOTS).
 */
const PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const EDITOR = 'maya.media@example.com'

let link: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  link = await consoleSite.addStaff(EDITOR, 'editor', 'Maya Media')
})

/** A 1600×900 photo: a dark hall with a lit stage, so the thumbnails show something. */
async function stagePhoto(): Promise<Buffer> {
  const stage = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#e0b25a' } })
    .png()
    .toBuffer()
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1b2a4a' } })
    .composite([{ input: stage, left: 350, top: 450 }])
    .jpeg({ quality: 85 })
    .toBuffer()
}

test('an editor uploads a photo, writes its alt text in English and Chinese and finds it in the library', async () => {
  test.setTimeout(240_000)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await setUpAccount(page, link, PASSWORD, EN)
    await page.waitForURL(`${ORIGIN}/console`)
    await hydrated(page)
    await page
      .getByRole('navigation', { name: /console sections/i })
      .getByRole('link', { name: 'Media' })
      .click()
    await page.waitForURL(`${ORIGIN}/console/media`)
    await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible()
    await expectAccessible(page)

    // A web page dressed up as a picture is refused by its content, in words.
    const upload = page.getByLabel('Upload a file')
    await upload.setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') })
    await expect(page.getByRole('alert')).toHaveText(/not a picture or video we accept/)
    await expectAccessible(page)

    await upload.setInputFiles({ name: 'Main stage.jpg', mimeType: 'image/jpeg', buffer: await stagePhoto() })
    await page.waitForURL(/\/console\/media\/[0-9a-f]{32}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Main stage.jpg' })).toBeVisible()
    await expect(page.getByText('1600 × 900 px').first()).toBeVisible()
    await expect(page.getByText('No page shows this file.')).toBeVisible()
    await expect(page.getByText('missing')).toHaveCount(12)
    await expectAccessible(page)

    await page.getByLabel(/^English/).fill('The main stage, lit in gold')
    await page.getByLabel(/^简体中文/).fill('金色灯光下的主舞台')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Saved.')).toBeVisible()
    await expect(page.getByText('missing')).toHaveCount(10)
    await expectAccessible(page)

    // The copies are there in every format the pages ask for.
    const address = (await page.getByText(/^\/media\/[0-9a-f]{32}\/1600x900\/1600\.jpg$/).textContent()) ?? ''
    for (const [copy, type] of [
      [address.replace(/1600\.jpg$/, '640.avif'), 'image/avif'],
      [address.replace(/1600\.jpg$/, '960.webp'), 'image/webp'],
      [address, 'image/jpeg'],
    ]) {
      const answer = await page.request.get(`${ORIGIN}${copy}`)
      expect([answer.status(), answer.headers()['content-type']], copy).toEqual([200, type])
    }

    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Back to the library' }).click()
    await page.waitForURL(`${ORIGIN}/console/media`)
    const tile = page.getByRole('listitem').filter({ hasText: 'Main stage.jpg' })
    await expect(tile).toContainText('Alternative texts: 2 of 12')
    await expectAccessible(page)

    await page.getByLabel('File name or alternative text').fill('主舞台')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(/\/console\/media\?q=/)
    await expect(page.getByRole('listitem').filter({ hasText: 'Main stage.jpg' })).toBeVisible()
    await page.getByLabel('File name or alternative text').fill('nothing like it')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByText('No file matches this search.')).toBeVisible()
    await expectAccessible(page)

    await page.setViewportSize(PHONE)
    await page.getByRole('link', { name: 'Clear' }).click()
    await page.getByRole('link', { name: 'Open Main stage.jpg' }).click()
    await page.waitForURL(/\/console\/media\/[0-9a-f]{32}$/)
    await expect(page.getByLabel(/^English/)).toHaveValue('The main stage, lit in gold')
    await expectAccessible(page)

    // The picker of a form (an advert's picture): chosen from the library in a dialog, shown, removed.
    await page
      .getByRole('navigation', { name: /console sections/i })
      .getByRole('link', { name: 'Adverts' })
      .click()
    await page
      .getByRole('link', { name: 'New advert' })
      .or(page.getByRole('button', { name: 'New advert' }))
      .first()
      .click()
    const picker = page.getByRole('group', { name: 'Picture' })
    await expect(picker.getByText('No file chosen.')).toBeVisible()
    await picker.getByRole('button', { name: 'Choose from the library' }).click()
    const library = page.getByRole('dialog', { name: 'Media library' })
    await expect(library).toBeVisible()
    await library.getByLabel('Search by file name or alternative text').fill('gold')
    await library.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(library.getByText('Page 1 of 1 (1 file)')).toBeVisible()
    await expectAccessible(page)
    await library.getByRole('button', { name: 'Choose Main stage.jpg' }).click()
    await expect(library).toBeHidden()
    await expect(picker.locator('img')).toBeVisible()
    await expect(picker.getByText('1600 × 900 px')).toBeVisible()
    await expectAccessible(page)
    await picker.getByRole('button', { name: 'Remove' }).click()
    await expect(picker.getByText('No file chosen.')).toBeVisible()

    // In Chinese: the library, a refusal from the server in the member's language, the item's page.
    await page.goto(`${ORIGIN}/console/media`)
    await hydrated(page)
    await page.getByLabel('Console language').selectOption('zh-cn')
    await expect(page.getByRole('heading', { level: 1, name: '媒体库' })).toBeVisible()
    await hydrated(page)
    await expect(page.getByText('替代文字：2/12')).toBeVisible()
    await page
      .getByLabel('上传文件')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') })
    await expect(page.getByRole('alert')).toHaveText('不接受 SVG 文件：请将图片导出为 PNG 后再上传。')
    await expectAccessible(page)
    await page.getByRole('link', { name: '打开 Main stage.jpg' }).click()
    await expect(page.getByText('缺少')).toHaveCount(10)
    await expectAccessible(page)
  } finally {
    await browser.close()
  }
})
