import { crc32, deflateSync } from 'node:zlib'
import { chromium, type Locator, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Exhibition pages and adverts in the console (docs/product.md#console-pages), tried as a new editor would: on a 375 px
 * phone, add a speaker with a photo and put them on the first day's agenda with English and Chinese
 * texts; the public exhibition page shows both in each language at once. Then publish an advert and
 * see it on the home page. axe on every console view at 375 and 1280 px (screenshots with E2E_SCREENSHOTS).
 */
const PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const EDITOR = 'eddie@example.com'

let link: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  link = await consoleSite.addStaff(EDITOR, 'editor', 'Eddie Editor')
})

/** A small PNG (a 96 px gradient), as a camera or a designer would hand it over. */
function portrait(): Buffer {
  const size = 96
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const check = Buffer.alloc(4)
    check.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, check])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.alloc(size * (1 + size * 3))
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) rows.set([40 + x, 60 + y, 140], y * (1 + size * 3) + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const saved = (page: Page) => expect(page.getByText('Saved. Visitors see it now.')).toBeVisible()

/** Opens the other eleven languages of a texts editor. */
async function otherLanguages(scope: Locator) {
  await scope.getByText(/^Other languages/).click()
}

test('an editor adds a speaker to the agenda in English and Chinese, and publishes an advert the home page shows', async () => {
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
      .getByRole('link', { name: 'Exhibition pages' })
      .click()
    await page.waitForURL(`${ORIGIN}/console/pages`)
    await expect(page.getByRole('heading', { level: 1, name: 'Exhibition pages' })).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('link', { name: /European Premium Expo London/ }).click()
    await page.waitForURL(/\/console\/exhibitions\/\d+\/content$/)
    const id = Number(/exhibitions\/(\d+)\/content/.exec(page.url())?.[1])
    await expect(page.getByRole('heading', { level: 2, name: 'Speakers' })).toBeVisible()

    // A speaker with a photo, a job title in English and in simplified Chinese.
    const speakers = page.getByRole('form', { name: 'Speakers' })
    await speakers.getByRole('button', { name: '+ Add a speaker' }).click()
    const speaker = speakers.getByRole('listitem').last()
    await expect(speaker.getByRole('heading', { name: /New speaker/ })).toBeVisible()
    await speaker.getByLabel('Name', { exact: true }).fill('Chen Wei')
    await speaker.getByLabel('Company').fill('Beta Markets')
    await speaker.getByLabel('Upload a file').setInputFiles({ name: 'chen-wei.png', mimeType: 'image/png', buffer: portrait() })
    await expect(speaker.getByText('96 × 96 px')).toBeVisible({ timeout: 30_000 })
    // English is required: saving without it names the field.
    await speakers.getByRole('button', { name: 'Save' }).click()
    await expect(speaker.getByText('The English text is required: every other language falls back to it.')).toBeVisible()
    await expectAccessible(page)
    await speaker.getByLabel('Job title (en)').fill('Chief Economist')
    await otherLanguages(speaker)
    await speaker.getByLabel('Job title (zh-cn)').fill('首席经济学家')
    // What a visitor reading Hong Kong Chinese would get: the simplified Chinese, named as a fallback.
    await speaker.getByLabel('Preview: a visitor reading').selectOption('zh-hk')
    await expect(speaker.getByRole('status').filter({ hasText: '首席经济学家' })).toContainText('简体中文')
    await speakers.getByRole('button', { name: 'Save' }).click()
    await saved(page)
    await expectAccessible(page)

    // On the first day's agenda, with Chen Wei ticked.
    await page.getByRole('navigation', { name: 'Parts of the page' }).getByRole('link', { name: 'Agenda' }).click()
    const agenda = page.getByRole('form', { name: 'Agenda' })
    const firstDay = agenda.getByRole('listitem').first()
    await firstDay.getByRole('button', { name: '+ Add a session' }).click()
    const session = firstDay.getByRole('listitem').last()
    await session.getByLabel('Starts').fill('16:30')
    await session.getByLabel('Ends').fill('17:15')
    await session.getByLabel('Room').fill('Hall B')
    await session.getByLabel('Chen Wei').check()
    await session.getByLabel('Session title (en)').fill('Rates in a new cycle')
    await otherLanguages(session)
    await session.getByLabel('Session title (zh-cn)').fill('新周期中的利率')
    await agenda.getByRole('button', { name: 'Save' }).click()
    await saved(page)
    await expectAccessible(page)
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
    // Every other part, as it first opens, on a desktop and then on the phone.
    for (const part of ['Partners', 'Photos', 'Videos', 'Recap', 'Map']) {
      await page.getByRole('navigation', { name: 'Parts of the page' }).getByRole('link', { name: part }).click()
      await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible()
      await expectAccessible(page)
    }
    await page.setViewportSize(PHONE)
    await expectAccessible(page)
    await page.setViewportSize(DESKTOP)

    // Visitors see it at once, in each language.
    const visitor = await browser.newPage({ viewport: PHONE })
    await visitor.goto(`${ORIGIN}/en/backDetail/${id}`)
    const programme = visitor.locator('#agenda')
    await expect(programme.getByRole('heading', { name: 'Rates in a new cycle' })).toBeVisible()
    await expect(programme.getByText('Chen Wei')).toBeVisible()
    await expect(visitor.getByText('Chief Economist').first()).toBeVisible()
    // The uploaded photo, in its copies (the picture's address names its size).
    await expect(visitor.locator('#speakers img[src*="/media/"][src*="/96x96/"]')).toHaveCount(1)
    await visitor.goto(`${ORIGIN}/zh-cn/backDetail/${id}`)
    await expect(visitor.locator('#agenda').getByRole('heading', { name: '新周期中的利率' })).toBeVisible()
    await expect(visitor.getByText('首席经济学家').first()).toBeVisible()
    await visitor.close()

    // An advert: saved unpublished, then published; the home page shows it first in both languages.
    await page
      .getByRole('navigation', { name: /console sections/i })
      .getByRole('link', { name: 'Adverts' })
      .click()
    await page.waitForURL(`${ORIGIN}/console/adverts`)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'New advert' }).click()
    const form = page.getByRole('form', { name: 'New advert' })
    await form.getByLabel('Picture: or its address').fill('/demo/adverts/verify-official-channels.svg')
    await form.getByLabel('Width (px)').fill('1600')
    await form.getByLabel('Height (px)').fill('640')
    await form.getByLabel('Link', { exact: true }).fill('javascript:alert(1)')
    await form.getByLabel('Title (en)').fill('Check before you pay')
    await form.getByLabel('Button text (en)').fill('Check a channel')
    await form.getByLabel('Picture description (en)').fill('A shield over a phone')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByText('Enter a path inside the site (like /brandExhibition.html) or an https address.')).toBeVisible()
    await form.getByLabel('Link', { exact: true }).fill('/verify.html')
    await otherLanguages(form)
    await form.getByLabel('Title (zh-cn)').fill('付款前先核验')
    await form.getByLabel('Button text (zh-cn)').fill('核验渠道')
    await form.getByLabel('Picture description (zh-cn)').fill('手机上的盾牌')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Advert saved.').first()).toBeVisible()
    const row = page.getByRole('row', { name: /Check before you pay/ })
    await expect(row).toContainText('Not published')
    await expectAccessible(page)
    await row.getByRole('button', { name: 'Publish Check before you pay' }).click()
    await expect(row).toContainText('Showing')
    await expectAccessible(page)
    await page.setViewportSize(PHONE)
    await expectAccessible(page)

    const home = await browser.newPage({ viewport: DESKTOP })
    await home.goto(`${ORIGIN}/en`)
    await expect(home.getByText('Check before you pay').first()).toBeVisible()
    await home.goto(`${ORIGIN}/zh-cn`)
    await expect(home.getByText('付款前先核验').first()).toBeVisible()
    await home.close()

    // The console in Chinese: the same screens in the member's language.
    await page.getByLabel('Console language').selectOption('zh-cn')
    await expect(page.getByRole('heading', { level: 1, name: '广告' })).toBeVisible()
    await page.goto(`${ORIGIN}/console/exhibitions/${id}/content?part=speakers`)
    await expect(page.getByRole('heading', { level: 2, name: '演讲嘉宾' })).toBeVisible()
    await expectAccessible(page)
  } finally {
    await browser.close()
  }
})
