import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { CONSOLE_PORT, expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { expectAccessible, hydrated } from './fixtures.ts'

/**
 * The console on a 375 px phone: an owner visits every screen (and one of each kind of detail the
 * demo content has) and none is wider than the screen; each passes axe. Also the small things a
 * member meets on the way: the console opened at the wrong address, the invitee's language chosen
 * by the inviter, a support member sent to "New exhibition".
 */
const PHONE_375 = { width: 375, height: 812 }
const PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }

let ownerLink: string
let supportLink: string

test.describe.configure({ mode: 'serial' })
test.use({ allowConsole: [/Failed to load resource: the server responded with a status of (403|404)/] })

test.beforeAll(async ({ consoleSite }) => {
  ownerLink = await consoleSite.addStaff('penny@example.com', 'owner', 'Penny Owner')
  supportLink = await consoleSite.addStaff('sam@example.com', 'support', 'Sam Support')
})

/** What is wrong with one screen at 375 px: wider than the phone (and what sticks out), or an axe finding. */
async function problemsOf(page: Page, path: string, from?: string): Promise<string[]> {
  if (from) {
    // The content editors load their editing code lazily in the browser: reached as a member does, by a link.
    await page.goto(`${ORIGIN}${from}`)
    await hydrated(page)
    await page.locator(`main a[href="${path}"]`).first().click()
    await page.waitForURL(`${ORIGIN}${path}`)
    await page.waitForLoadState('networkidle')
  } else {
    await page.goto(`${ORIGIN}${path}`)
    await hydrated(page)
  }
  const problems: string[] = []
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  if (width > PHONE_375.width) {
    const wide = await page.evaluate((limit) => {
      const out: string[] = []
      // What sits inside a scrolling box (a wide table in its frame) is clipped there and widens nothing: name what does.
      const clipped = (element: Element) => {
        for (let parent = element.parentElement; parent && parent.tagName !== 'MAIN'; parent = parent.parentElement) {
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(parent).overflowX)) return true
        }
        return false
      }
      for (const element of document.querySelectorAll('main *')) {
        const box = element.getBoundingClientRect()
        if (box.right > limit + 1 && out.length < 3 && !clipped(element))
          out.push(`${element.tagName.toLowerCase()}.${element.className} (${Math.round(box.right)})`)
      }
      return out
    }, PHONE_375.width)
    problems.push(`${path}: ${width} px wide: ${wide.join(', ')}`)
  }
  try {
    await expectAccessible(page)
  } catch (error) {
    problems.push(`${path}: ${(error as Error).message.split('\n').slice(0, 12).join(' ')}`)
  }
  return problems
}

async function fitsAndPasses(page: Page, path: string) {
  expect(await problemsOf(page, path)).toEqual([])
}

/** The first link on the list screen shown whose address matches, if the demo content has one. */
async function firstLink(page: Page, pattern: RegExp): Promise<string | null> {
  const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return hrefs.find((href) => pattern.test(href)) ?? null
}

/** The text of the newest mail to this address in the outbox (.eml under the site's DATA_DIR), its body decoded. */
function mailTo(local: string): string {
  const outbox = `data/e2e-console-${CONSOLE_PORT}/outbox`
  const files = existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith('.eml') && file.includes(local)) : []
  const newest = files.sort().pop()
  if (!newest) return ''
  const raw = readFileSync(join(outbox, newest), 'utf8')
  const split = raw.search(/\r?\n\r?\n/)
  const [headers, body] = [raw.slice(0, split), raw.slice(split).trim()]
  if (/^Content-Transfer-Encoding: base64/im.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/**
 * How the first list table on the page lays out its first row (null when the list is empty): the header
 * row's height, whether the cells sit under each other at the row's full width, whether each shows its
 * column's name (data-label equal to the header, drawn before the value), and whether the table scrolls sideways.
 */
async function tableLayout(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('main table')
    const row = table?.querySelector('tbody tr')
    const cells = [...(row?.querySelectorAll('td[data-label]') ?? [])] as HTMLElement[]
    if (!table || !row || cells.length < 2) return null
    const headers = [...table.querySelectorAll('thead th')].map((header) => header.textContent?.trim())
    const rowBox = row.getBoundingClientRect()
    const boxes = cells.map((cell) => cell.getBoundingClientRect())
    const frame = table.closest('section') as HTMLElement
    return {
      headerHeight: Math.round(table.querySelector('thead')?.getBoundingClientRect().height ?? 0) <= 1 ? 0 : 1,
      stacked: boxes.every((box, index) => index === 0 || (box.left === boxes[0]?.left && box.top >= (boxes[index - 1]?.bottom ?? 0) - 1)),
      fullWidth: boxes.every((box) => box.width >= rowBox.width * 0.9),
      labelled: cells.every((cell, index) => cell.dataset.label === headers[index] && !['none', 'normal'].includes(getComputedStyle(cell, '::before').content)),
      scrolls: frame.scrollWidth > frame.clientWidth + 1,
    }
  })
}

test('when an owner uses the console on a 375 px phone, then no screen is wider than the phone and each passes axe', async ({ page }) => {
  test.setTimeout(300_000)
  await page.setViewportSize(PHONE_375)
  await setUpAccount(page, ownerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)

  const screens = [
    '/console',
    '/console/exhibitions',
    '/console/exhibitions/new',
    '/console/orders',
    '/console/payments',
    '/console/applications',
    '/console/visitors',
    '/console/content',
    '/console/pages',
    '/console/adverts',
    '/console/media',
    '/console/comments',
    '/console/checkin',
    '/console/register',
    '/console/staff',
    '/console/audit',
    '/console/sessions',
  ]
  // Each list screen is checked once: on the same visit, its first detail link is taken (one detail of
  // each kind is checked too) and, for the lists with tables, how its rows lay out as cards.
  const detailOf: Record<string, RegExp> = {
    '/console/exhibitions': /^\/console\/exhibitions\/\d+$/,
    '/console/content': /^\/console\/content\/\w+\/\d+$/,
    '/console/media': /^\/console\/media\/\d+$/,
    '/console/orders': /^\/console\/orders\/[\w-]+$/,
    '/console/applications': /^\/console\/applications\/[\w-]+$/,
    '/console/visitors': /^\/console\/visitors\/[\w-]+$/,
  }
  const cardLists = ['/console/content', '/console/orders', '/console/applications', '/console/visitors']
  const details = new Map<string, string | null>()
  const layouts: Array<{ list: string; layout: Awaited<ReturnType<typeof tableLayout>> }> = []
  const problems: string[] = []
  for (const path of screens) {
    problems.push(...(await problemsOf(page, path)))
    const pattern = detailOf[path]
    if (pattern) details.set(path, await firstLink(page, pattern))
    if (cardLists.includes(path)) layouts.push({ list: path, layout: await tableLayout(page) })
  }
  const exhibition = details.get('/console/exhibitions') ?? null
  expect(exhibition, 'the demo content has an exhibition').not.toBeNull()
  const more = [`${exhibition}`, `${exhibition}/survey`, `/console/dashboard/${exhibition?.split('/').pop()}`]
  const reached: Array<{ path: string; from: string }> = [{ path: `${exhibition}/content`, from: '/console/pages' }]
  const item = details.get('/console/content')
  if (item) reached.push({ path: item, from: '/console/content' })
  for (const list of ['/console/media', '/console/orders', '/console/applications', '/console/visitors']) {
    const detail = details.get(list)
    if (detail) more.push(detail)
  }
  for (const path of more) problems.push(...(await problemsOf(page, path)))
  for (const { path, from } of reached) problems.push(...(await problemsOf(page, path, from)))
  expect(problems).toEqual([])

  // The audit log on the phone: sentences, the record behind a disclosure.
  await page.goto(`${ORIGIN}/console/audit`)
  await expect(page.getByRole('listitem').filter({ hasText: 'Penny Owner set up their account' })).toHaveCount(1)

  // A list's table reads as cards on the phone: no header row in sight, each row's cells stacked at
  // the card's full width, each shown under its column's name; on a laptop the same list is a table again.
  let cards = 0
  for (const { list, layout } of layouts) {
    if (!layout) continue
    cards++
    expect(layout, list).toEqual({ headerHeight: 0, stacked: true, fullWidth: true, labelled: true, scrolls: false })
  }
  expect(cards, 'the demo content fills at least one list').toBeGreaterThan(0)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${ORIGIN}/console/content`)
  await hydrated(page)
  expect(await tableLayout(page)).toMatchObject({ stacked: false, fullWidth: false })
  await page.setViewportSize(PHONE_375)

  // The inviter chooses the invitee's language: the invitation mail is in it.
  await page.goto(`${ORIGIN}/console/staff`)
  await hydrated(page)
  const invite = page.getByRole('region', { name: 'Invite a member' })
  await invite.getByLabel('E-mail').fill('zhang.wei@example.com')
  await invite.getByLabel('Name').fill('张伟')
  await invite.getByLabel('Their language').selectOption('zh-cn')
  await invite.getByRole('checkbox', { name: 'Editor' }).check()
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('status')).toHaveText('Invitation sent to zhang.wei@example.com.')
  await expect.poll(() => mailTo('zhang.wei'), { timeout: 20_000 }).toContain('您已受邀加入')
  await fitsAndPasses(page, '/console/staff')
})

test('when a support member opens "New exhibition", then the screen says "No access" and shows no form', async ({ page }) => {
  await page.setViewportSize(PHONE_375)
  await setUpAccount(page, supportLink, PASSWORD, EN)
  await page.waitForURL(/\/console(\/orders)?$/)
  await page.goto(`${ORIGIN}/console/exhibitions/new`)
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible()
  await expect(page.getByRole('button', { name: /save/i })).toHaveCount(0)
  await hydrated(page)
  await expectAccessible(page)
})

test('when the console is opened at an address other than its own, then it says which address to open', async ({ page }) => {
  await page.setViewportSize(PHONE_375)
  await page.goto(`http://localhost:${CONSOLE_PORT}/console/sign-in`)
  await hydrated(page)
  await expect(page.getByRole('alert')).toContainText(`This console answers only at ${ORIGIN}: open it there.`)
  await expect(page.getByRole('link', { name: `Open the console at ${ORIGIN}` })).toHaveAttribute('href', `${ORIGIN}/console/sign-in`)
})
