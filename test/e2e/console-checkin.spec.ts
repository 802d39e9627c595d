import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { CONSOLE_PORT, type ConsoleSite, expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { answer, doorBrowser, scan, showToCamera } from './door-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'
import type { CheckinList } from '../../shared/contracts/console-checkin.ts'
import { doorTickets, DOOR_LIST_FORMAT } from '../../shared/rules/door-list.ts'
import { DOOR_CACHE } from '../../src/console/lib/door-storage.ts'

/**
 * The door (docs/product.md#checkin): real QR codes shown to Chromium's fake camera feed the check-in
 * screen of a door-only member on a 375 px phone. A valid ticket is let in, the same code again is
 * "already checked in" with its gate, a forged code is refused; then, with the browser offline, the
 * screen opens from its service worker, two more tickets are let in and queued while another door
 * lets the last one in first; back online, the scans are synced, the platform has every check-in and
 * the phone says what it learnt; an undo lets a ticket go again. Each answer is checked with axe and kept as a
 * screenshot (E2E_SCREENSHOTS).
 */
const DATA_DIR = `data/e2e-console-${CONSOLE_PORT}`
const PASSWORD = 'correct horse battery staple'
const VISITOR_PASSWORD = 'copper-kettle-harbour-7'
const DOOR = 'dora@example.com'
const SECOND_DOOR = 'otto@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorHeaders = { 'X-Forwarded-For': `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}` }

let doorLink: string
let secondDoorLink: string
/** The exhibition and the tickets the first test bought, for the second door. */
let bought: { exhibitionId: number; codes: string[] } | undefined

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  doorLink = await consoleSite.addStaff(DOOR, 'checkin', 'Dora Door')
  secondDoorLink = await consoleSite.addStaff(SECOND_DOOR, 'checkin', 'Otto Door')
})

function mailsTo(email: string): string[] {
  const outbox = join(DATA_DIR, 'outbox')
  if (!existsSync(outbox)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(outbox)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) => readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
}

/** Four standard passes to the demo exhibition, bought and paid in the sandbox; their codes as the success page prints them. */
async function buyFourTickets(page: Page): Promise<{ exhibitionId: number; codes: string[] }> {
  const request = page.request
  const email = `door-buyer-${unique()}@example.com`
  expect(
    (
      await request.post(`${ORIGIN}/login/register`, { form: { lang: 'en', nick: 'Ada', email, password: VISITOR_PASSWORD }, headers: visitorHeaders })
    ).status(),
  ).toBe(200)
  let code = ''
  await expect.poll(() => (code = /\b(\d{6})\b/.exec(mailsTo(email).at(-1) ?? '')?.[1] ?? ''), { timeout: 20_000 }).toMatch(/^\d{6}$/)
  expect((await request.post(`${ORIGIN}/login/verify`, { form: { lang: 'en', email, code }, headers: visitorHeaders })).status()).toBe(200)

  const token = (await (await request.post(`${ORIGIN}/api/token`)).json()).access_token as string
  const listed = await request.post(`${ORIGIN}/wikifxweb-v1/wikiexpo/invoke-v1`, {
    headers: { Routes: 'expo$listExhibitions', Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: {},
  })
  const exhibitionId = ((await listed.json()).data.items as Array<{ id: number; slug: string }>).find((item) => item.slug === 'bangkok-2027')?.id as number
  expect(exhibitionId).toBeTruthy()

  await page.setExtraHTTPHeaders(visitorHeaders)
  await page.goto(`${ORIGIN}/en/apply/registration?exhibitionId=${exhibitionId}`)
  await hydrated(page)
  const more = page.getByRole('button', { name: 'One ticket more: Standard pass' })
  for (let count = 0; count < 4; count++) await more.click()
  await page.getByRole('button', { name: /log in to buy tickets/i }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(/e-mail address/i).fill(email)
  await frame.getByLabel(/^password$/i).fill(VISITOR_PASSWORD)
  await frame.getByRole('button', { name: /^log in$/i }).click()
  await page.waitForURL(/\/apply\/infoPage\?order=T-/)
  await hydrated(page)
  const attendees = [
    { first: 'Meiling', last: 'Zhou' },
    { first: 'Grace', last: 'Hopper' },
    { first: 'Ada', last: 'Lovelace' },
    { first: '小明', last: '王' },
  ]
  for (const [index, attendee] of attendees.entries()) {
    await page.locator(`#attendee-${index + 1}-firstName`).fill(attendee.first)
    await page.locator(`#attendee-${index + 1}-lastName`).fill(attendee.last)
    await page.locator(`#attendee-${index + 1}-email`).fill(`attendee${index + 1}-${unique()}@example.com`)
    await page.locator(`#attendee-${index + 1}-phone`).fill(`(415) 555-26${71 + index}`)
    await page.locator(`#attendee-${index + 1}-identity`).selectOption('trader')
    await page.locator(`#attendee-${index + 1}-industry`).selectOption('fintech')
  }
  await page.getByRole('button', { name: /continue to review/i }).click()
  await page.waitForURL(/\/apply\/sureInfo/)
  await hydrated(page)
  await page.getByRole('button', { name: /confirm and continue to payment/i }).click()
  await page.waitForURL(/\/apply\/payment/)
  await hydrated(page)
  await page.getByRole('button', { name: /^pay /i }).click()
  await page.waitForURL(/\/pay\/sandbox\//)
  await page.getByRole('button', { name: /^pay /i }).click()
  await page.waitForURL(/\/apply\/successPage/)
  const codes = (await page.locator('[translate="no"]').allTextContents()).map((text) => text.trim()).filter((text) => text.startsWith('ET1.'))
  expect(codes).toHaveLength(4)
  return { exhibitionId, codes }
}

/** A code with one signature character changed: the right shape, a wrong signature. */
function forge(code: string): string {
  const at = code.length - 20
  return `${code.slice(0, at)}${code[at] === 'A' ? 'B' : 'A'}${code.slice(at + 1)}`
}

async function keep(page: Page) {
  await expectAccessible(page)
}

test('the door: scan real QR codes from the camera online and offline, sync when the network returns', async ({ page }) => {
  test.setTimeout(300_000)
  const { exhibitionId, codes } = await buyFourTickets(page)
  bought = { exhibitionId, codes }
  const [first, second, third] = codes as [string, string, string]
  showToCamera(first)

  const door = await doorBrowser()
  try {
    const phone = door.page
    // A door-only member lands on the check-in screen after set-up, and sees nothing else of the console's work.
    await setUpAccount(phone, doorLink, PASSWORD, EN)
    await phone.waitForURL(`${ORIGIN}/console/checkin`)
    await hydrated(phone)
    const nav = phone.getByRole('navigation', { name: /console sections/i })
    await expect(nav.getByRole('link', { name: 'Check-in' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0)

    await phone.getByLabel('Exhibition').selectOption(String(exhibitionId))
    await phone.getByLabel('Gate').fill('North hall')
    await phone.getByLabel('Badge stock').selectOption('cr80')
    await keep(phone)
    await phone.getByRole('button', { name: 'Start checking in' }).click()
    await expect(phone.getByText('Ready: scan a ticket')).toBeVisible()
    await expect(phone.getByText('0 scans waiting to sync')).toBeVisible()

    // A valid ticket: let in, and confirmed by the server a moment later.
    await scan(phone, first)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'checkedIn', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('Checked in')
    await expect(answer(phone)).toContainText('Standard pass')
    await expect(answer(phone)).not.toContainText('not yet confirmed')
    // The role's band and word (docs/product.md#badges): a standard pass is a visitor's.
    await expect(answer(phone).locator('[data-role]')).toHaveAttribute('data-role', 'visitor')
    await expect(answer(phone).locator('[data-role]')).toHaveText('Visitor')
    await keep(phone)

    // Print badge: the badge on the stock chosen at set-up, its QR drawn from the code just scanned, the print dialog asked for once.
    await phone.evaluate(() => {
      const counted = window as unknown as { printed: number }
      counted.printed = 0
      window.print = () => {
        counted.printed++
      }
    })
    await phone.getByRole('button', { name: 'Print badge' }).click()
    const sheet = phone.getByTestId('badge-sheet')
    await expect(sheet).toHaveAttribute('data-stock', 'cr80')
    await expect(sheet).toContainText('Meiling Zhou')
    await expect(sheet.locator('[data-role="visitor"]')).toHaveText('Visitor')
    await expect(sheet.locator('svg path')).toHaveCount(1)
    expect(await phone.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
    await keep(phone)
    await phone.setViewportSize(DESKTOP)
    await keep(phone)
    await phone.setViewportSize(PHONE)
    await phone.getByRole('button', { name: 'Back to the door' }).click()
    await expect(sheet).toHaveCount(0)

    // Every badge of the exhibition, on the door's stock, as one PDF.
    const downloading = phone.waitForEvent('download')
    await phone.getByRole('button', { name: /^Download badges/ }).click()
    const badges = await downloading
    expect(badges.suggestedFilename()).toBe(`badges-${exhibitionId}-cr80.pdf`)
    expect(
      readFileSync((await badges.path()) as string)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    // The same code again: already in, with when, where and on which device.
    await scan(phone, first)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'already', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('Already checked in')
    await expect(answer(phone)).toContainText('at North hall')
    await keep(phone)

    // A forged code: refused.
    await scan(phone, forge(second))
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'forged', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('Forged code')
    await keep(phone)
    // Held in front of the camera all this while, it was answered once.
    await expect(phone.getByRole('region', { name: 'Last scans' }).getByText('Forged code')).toHaveCount(1)
    await phone.getByRole('button', { name: 'Stop camera' }).click()

    // Offline: the screen opens from the service worker, answers from its own list, and queues the scans.
    await doorWorkerKeepsScreen(phone)
    await door.context.setOffline(true)
    await phone.reload()
    await hydrated(phone)
    await expect(phone.getByText('Offline')).toBeVisible()
    await scan(phone, second)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'checkedIn', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('Grace Hopper')
    await expect(answer(phone)).toContainText('not yet confirmed by the server')
    await scan(phone, third)
    await expect(answer(phone)).toContainText('Ada Lovelace', { timeout: 30_000 })
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'checkedIn')
    await expect(phone.getByText('2 scans waiting to sync')).toBeVisible()
    await keep(phone)
    await phone.getByRole('button', { name: 'Stop camera' }).click()

    // Signing out now would lose the two scans: refused, and said why; nothing to send while offline.
    await phone.getByRole('button', { name: 'Sign out' }).click()
    const refused = phone.getByRole('dialog', { name: 'Not signed out' })
    await expect(refused).toContainText('2 scans made at the door have not reached the server yet.')
    await expect(refused).toContainText('2 scans waiting')
    await expect(refused.getByRole('button', { name: 'Send them now' })).toHaveCount(0)
    await keep(phone)
    await refused.getByRole('button', { name: 'Close' }).click()
    await expect(refused).toHaveCount(0)
    expect(phone.url()).toBe(`${ORIGIN}/console/checkin`)
    await expect(phone.getByText('2 scans waiting to sync')).toBeVisible()

    // Meanwhile another door, online, let the third ticket in first.
    const otherDoor = await door.context.request.post(`${ORIGIN}/gateway/console`, {
      headers: { Routes: 'console$checkinSync', 'X-Console-Request': '1', Origin: ORIGIN },
      data: { exhibitionId, deviceId: 'gate-b-phone', scans: [{ id: randomUUID(), code: third, gate: 'Gate B', scannedAt: new Date().toISOString() }] },
    })
    expect((await otherDoor.json()).data.scans[0].outcome).toBe('checkedIn')

    // Back online: synced; the server had the last word, and the phone says what it learnt.
    await door.context.setOffline(false)
    await expect(phone.getByText('0 scans waiting to sync')).toBeVisible({ timeout: 20_000 })
    await expect(phone.getByRole('alert')).toContainText('1 scan made offline was already checked in elsewhere (Gate B).')
    await expect(phone.getByRole('alert')).toContainText('Ada Lovelace: already in at Gate B')
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'already')
    await expect(answer(phone)).toContainText('at Gate B')
    await keep(phone)
    const list = await serverList(phone, exhibitionId)
    const gateOf = (name: string) => list.find((ticket) => ticket.name === name)?.checkin?.gate
    expect([gateOf('Meiling Zhou'), gateOf('Grace Hopper'), gateOf('Ada Lovelace')]).toEqual(['North hall', 'North hall', 'Gate B'])
    const counts = phone.getByRole('region', { name: 'Checked in' })
    await expect(counts.getByText(/^3 of \d+$/)).toBeVisible()
    await phone.getByRole('button', { name: 'Understood' }).click()

    // A mistaken check-in undone: the server lets the ticket go again.
    await phone.getByRole('button', { name: 'Undo the check-in of Grace Hopper' }).click()
    await expect(counts.getByText(/^2 of \d+$/)).toBeVisible({ timeout: 20_000 })
    await expect(phone.getByText('0 scans waiting to sync')).toBeVisible({ timeout: 20_000 })
    const lookUp = phone.getByLabel('Name or order code')
    await lookUp.fill('Hopper')
    await expect(phone.getByText(/not checked in/)).toBeVisible()
    await keep(phone)
    // Names as written in their own script, found in either order, by a one-character surname too.
    const found = phone.getByRole('region', { name: 'Look up by name or order' }).getByRole('listitem')
    for (const query of ['王小明', '王', '小明']) {
      await lookUp.fill(query)
      await expect(found.locator('p').first()).toHaveText('王小明')
    }
    await lookUp.fill('Zhou Meiling')
    await expect(found.locator('p').first()).toHaveText('Meiling Zhou')
    await expect(found).toHaveCount(1)
    await keep(phone)
    await phone.setViewportSize(DESKTOP)
    await keep(phone)
    await phone.setViewportSize(PHONE)

    // The same door in the member's Chinese.
    await phone.getByLabel('Console language').selectOption('zh-cn')
    await expect(phone.getByRole('heading', { level: 1, name: '检票' })).toBeVisible()
    await hydrated(phone)
    await expect(phone.getByText('就绪：请扫描门票')).toBeVisible()
    await keep(phone)

    // Signing out leaves no attendee's name on the phone: list, queue and the kept page are gone.
    await phone.getByRole('button', { name: '退出登录' }).click()
    await phone.waitForURL(/\/console\/sign-in/)
    await expect.poll(() => phone.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('door-'))), { timeout: 5_000 }).toEqual([])
    const stored = await phone.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const request = indexedDB.open('door-checkin')
          request.onsuccess = () => {
            const database = request.result
            if (!database.objectStoreNames.contains('state')) return resolve(0)
            const count = database.transaction('state').objectStore('state').count()
            count.onsuccess = () => resolve(count.result)
          }
        }),
    )
    expect(stored).toBe(0)
    expect(door.problems).toEqual([])
  } finally {
    await door.browser.close()
  }
})

/** The door's list as the server has it now, read from the signed-in phone. */
async function serverList(phone: Page, exhibitionId: number) {
  const list = await phone.evaluate(
    async ({ id, format }) => {
      const response = await fetch('/gateway/console', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Console-Request': '1', Routes: 'console$checkinList' },
        body: JSON.stringify({ exhibitionId: id, format }),
      })
      return (await response.json()).data as CheckinList
    },
    { id: exhibitionId, format: DOOR_LIST_FORMAT },
  )
  return doorTickets(list)
}

test('a door opened once with network scans with its camera after the server stops, and keeps its scans until they are sent', async ({ consoleSite }) => {
  test.setTimeout(300_000)
  expect(bought, 'the first test bought the tickets').toBeDefined()
  const { exhibitionId, codes } = bought as { exhibitionId: number; codes: string[] }
  const wang = codes[3] as string
  showToCamera(wang)

  // A phone that has never been at this door: set up, choose the door, and never start the camera.
  const door = await doorBrowser()
  try {
    const phone = door.page
    await setUpAccount(phone, secondDoorLink, PASSWORD, EN)
    await phone.waitForURL(`${ORIGIN}/console/checkin`)
    await hydrated(phone)
    await phone.getByLabel('Exhibition').selectOption(String(exhibitionId))
    await phone.getByLabel('Gate').fill('South hall')
    await phone.getByRole('button', { name: 'Start checking in' }).click()
    await expect(phone.getByText('Ready: scan a ticket')).toBeVisible()
    await expect(phone.getByRole('button', { name: 'Stop camera' })).toHaveCount(0)
    // The scanner's code is kept for the door without network all the same.
    await doorWorkerKeepsScreen(phone)
    await expect
      .poll(
        () =>
          phone.evaluate(async (cacheName) => {
            const kept = (await (await caches.open(cacheName)).keys()).map((request) => new URL(request.url).pathname)
            return kept.some((path) => path.endsWith('.wasm')) && kept.some((path) => /ponyfill/.test(path))
          }, DOOR_CACHE),
        { timeout: 30_000 },
      )
      .toBe(true)

    // The server itself stops (the browser still thinks it is online): the screen opens from the
    // phone, the camera starts for the first time, and the ticket is let in from the phone's own list.
    await consoleSite.stop()
    await phone.reload()
    await hydrated(phone)
    await expect(phone.getByText('Offline')).toBeVisible({ timeout: 20_000 })
    await phone.getByRole('button', { name: 'Start camera' }).click()
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'checkedIn', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('王小明')
    await expect(phone.getByText('No camera can be used here')).toHaveCount(0)
    await expect(phone.getByText('1 scan waiting to sync')).toBeVisible()
    await phone.getByRole('button', { name: 'Stop camera' }).click()

    // Signing out would lose the scan: refused, the phone stays signed in at the door.
    await phone.getByRole('button', { name: 'Sign out' }).click()
    const refused = phone.getByRole('dialog', { name: 'Not signed out' })
    await expect(refused).toContainText('1 scan made at the door has not reached the server yet.')
    await keep(phone)
    await refused.getByRole('button', { name: 'Close' }).click()
    expect(phone.url()).toBe(`${ORIGIN}/console/checkin`)
    await expect(phone.getByText('1 scan waiting to sync')).toBeVisible()

    // The door is changed to another exhibition before the scan went out: the scan stays waiting.
    await phone.getByRole('button', { name: 'Change' }).click()
    const exhibition = phone.getByLabel('Exhibition')
    const other = await exhibition.evaluate(
      (select: HTMLSelectElement, id) => [...select.options].map((option) => option.value).find((value) => value && value !== String(id)),
      exhibitionId,
    )
    expect(other).toBeTruthy()
    await exhibition.selectOption(other as string)
    await phone.getByRole('button', { name: 'Start checking in' }).click()

    // The server is back: asked to sign out, the member sends the other door's scan first; the server has it.
    await consoleSite.start()
    await phone.getByRole('button', { name: 'Sign out' }).click()
    await expect(refused).toContainText('Bangkok')
    await refused.getByRole('button', { name: 'Send them now' }).click()
    await expect(phone.getByText('0 scans waiting to sync')).toBeVisible({ timeout: 20_000 })
    await expect
      .poll(async () => (await serverList(phone, exhibitionId)).find((ticket) => ticket.name === '王小明')?.checkin?.gate, { timeout: 20_000 })
      .toBe('South hall')
    await expect(phone.getByText('Ready: scan a ticket')).toBeVisible()

    // Nothing waits, but the server is gone again: signing out there cannot happen, and the phone says so.
    await consoleSite.stop()
    await phone.getByRole('button', { name: 'Sign out' }).click()
    await expect(refused).toContainText('This phone cannot reach the server')
    await keep(phone)
    await refused.getByRole('button', { name: 'Close' }).click()
    expect(phone.url()).toBe(`${ORIGIN}/console/checkin`)

    // With the server, signing out works, and leaves nothing of the door behind.
    await consoleSite.start()
    await phone.getByRole('button', { name: 'Sign out' }).click()
    await phone.waitForURL(/\/console\/sign-in/)
    await expect.poll(() => phone.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('door-'))), { timeout: 5_000 }).toEqual([])
    expect(door.problems).toEqual([])
  } finally {
    await door.browser.close()
  }
})

/**
 * The door's service worker controls the page and has kept the screen: from now on it opens without
 * network. The worker keeps the page the screen loaded before it was there when the page asks it to,
 * a moment after it takes control: going offline in between fails the reload on a loaded machine.
 */
async function doorWorkerKeepsScreen(phone: Page) {
  await expect.poll(() => phone.evaluate(async () => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true)
  await expect
    .poll(() => phone.evaluate(async (cacheName) => Boolean(await caches.match(location.pathname, { cacheName })), DOOR_CACHE), { timeout: 30_000 })
    .toBe(true)
}

/** The member's console language, as the language menu sets it. */
async function chooseLanguage(phone: Page, language: 'en' | 'zh-cn') {
  const answer = await phone.context().request.post(`${ORIGIN}/gateway/console`, {
    headers: { Routes: 'console$setLanguage', 'X-Console-Request': '1', Origin: ORIGIN },
    data: { language },
  })
  expect(answer.status()).toBe(200)
}

const DOOR_WORDS = {
  en: { exhibition: 'Exhibition', gate: 'Gate', start: 'Start checking in', ready: 'Ready: scan a ticket', listUpdated: /^List updated / },
  'zh-cn': { exhibition: '展会', gate: '入口', start: '开始检票', ready: '就绪：请扫描门票', listUpdated: /^名单更新于 / },
}

/** A door member signed in, in this language, checking in at this exhibition's gate with its list read. */
async function startDoor(
  consoleSite: ConsoleSite,
  phone: Page,
  door: { member: string; language: keyof typeof DOOR_WORDS; exhibitionId: number; gate: string },
) {
  const words = DOOR_WORDS[door.language]
  await consoleSite.signInWithoutCode(phone, door.member)
  await chooseLanguage(phone, door.language)
  await phone.goto(`${ORIGIN}/console/checkin`)
  await hydrated(phone)
  // The door form is a section React takes over after the page: what is typed before may be replaced.
  await expect(async () => {
    await phone.getByLabel(words.exhibition, { exact: true }).selectOption(String(door.exhibitionId))
    await phone.getByLabel(words.gate, { exact: true }).fill(door.gate)
    await phone.getByRole('button', { name: words.start }).click()
    await expect(phone.getByText(words.ready)).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 60_000 })
  await expect(phone.getByText(words.listUpdated)).toBeVisible()
}

/** The next list a door phone reads: what it asked with, and what it got. */
async function nextListOn(phone: Page, sync: () => Promise<void>) {
  const read = phone.waitForResponse((response) => response.request().headers().routes === 'console$checkinList' && response.ok(), { timeout: 60_000 })
  await sync()
  const response = await read
  return { asked: response.request().postDataJSON() as { since?: string }, got: (await response.json()).data as { full: boolean; tickets: unknown[] } }
}

/**
 * The incremental list (docs/product.md#door-sync): a phone that has the whole list asks only for what
 * changed; a ticket refunded since arrives in that small answer and is refused with the phone offline,
 * in English on one door's phone and in Chinese on the other's.
 */
test('a ticket refunded after the door read its list arrives with the next sync and is refused offline, in English and Chinese', async ({ consoleSite }) => {
  test.setTimeout(300_000)
  expect(bought, 'the first test bought the tickets').toBeDefined()
  const { exhibitionId, codes } = bought as { exhibitionId: number; codes: string[] }
  const [meiling, grace] = codes as [string, string]
  const refund = (code: string) =>
    consoleSite.db.query(
      `insert into refunds (attempt_id, order_id, provider, amount_minor, currency, reason, status, idempotency_key, ticket_ids, settled_at)
       select p.id, e.order_id, 'sandbox', 100, p.currency, 'staff', 'succeeded', 'e2e-door-sync-' || e.id, array[e.id], now()
         from e_tickets e join payment_attempts p on p.order_id = e.order_id and p.status = 'succeeded' where e.code = $1 limit 1`,
      [code],
    )
  const door = await doorBrowser()
  try {
    const phone = door.page
    // The member's language is kept with the member (the first test left it Chinese).
    await startDoor(consoleSite, phone, { member: DOOR, language: 'en', exhibitionId, gate: 'East hall' })

    await refund(grace)
    const english = await nextListOn(phone, () => phone.getByRole('button', { name: 'Sync now' }).click())
    expect(english.asked.since).toMatch(/^d1\./)
    expect(english.got.full).toBe(false)
    expect(english.got.tickets).toHaveLength(1)

    await door.context.setOffline(true)
    await expect(phone.getByText('Offline')).toBeVisible()
    await scan(phone, grace)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'refunded', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('Refunded ticket')
    await expect(answer(phone)).toContainText('Grace Hopper')
    await keep(phone)
    await phone.setViewportSize(DESKTOP)
    await keep(phone)
    await phone.setViewportSize(PHONE)
    expect(door.problems).toEqual([])
  } finally {
    await door.browser.close()
  }

  // In Chinese, on the second door's phone: after its first list, the next one is changes only.
  const second = await doorBrowser()
  try {
    const phone = second.page
    await startDoor(consoleSite, phone, { member: SECOND_DOOR, language: 'zh-cn', exhibitionId, gate: '东馆' })
    await expect(phone.getByRole('heading', { level: 1, name: '检票' })).toBeVisible()
    await refund(meiling)
    const changes = await nextListOn(phone, () => phone.getByRole('button', { name: '立即同步' }).click())
    expect(changes.asked.since).toMatch(/^d1\.\d+\.zh-cn\./)
    expect(changes.got).toMatchObject({ full: false, tickets: [expect.anything()] })

    await second.context.setOffline(true)
    await expect(phone.getByText('离线')).toBeVisible()
    showToCamera(meiling)
    await phone.getByRole('button', { name: '打开摄像头' }).click()
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'refunded', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('已退款的门票')
    await keep(phone)
    await phone.setViewportSize(DESKTOP)
    await keep(phone)
    await phone.setViewportSize(PHONE)
    expect(second.problems).toEqual([])
  } finally {
    await second.browser.close()
  }
})

/**
 * A door phone that kept its list in objects, as the screen stored it before rows
 * (docs/product.md#door-sync), is updated while offline: it answers from that list at once, and back
 * online its next read is the changes since the kept token, not the whole list.
 */
test('a list kept in the old format before the update answers offline, and the next sync continues from its token', async ({ consoleSite }) => {
  test.setTimeout(300_000)
  expect(bought, 'the first test bought the tickets').toBeDefined()
  const { exhibitionId, codes } = bought as { exhibitionId: number; codes: string[] }
  const door = await doorBrowser()
  try {
    const phone = door.page
    await startDoor(consoleSite, phone, { member: DOOR, language: 'en', exhibitionId, gate: 'West hall' })

    // What the earlier screen kept: an object per ticket, with its whole id and its name as shown.
    const ids = await consoleSite.db.query<{ id: string }>('select id::text from e_tickets where exhibition_id = $1', [exhibitionId])
    const idOf = new Map(ids.rows.map((row) => [row.id.slice(0, 18), row.id]))
    const storeKey = `exhibition:${exhibitionId}`
    const stored = await phone.evaluate(async (key) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('door-checkin')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      return new Promise<{ list: CheckinList } & Record<string, unknown>>((resolve) => {
        const read = db.transaction('state').objectStore('state').get(key)
        read.onsuccess = () => resolve(read.result)
      })
    }, storeKey)
    const { kinds: _kinds, tickets: _rows, ...rest } = stored.list
    const old = {
      ...stored,
      list: { ...rest, tickets: doorTickets(stored.list).map(({ key, ...ticket }) => ({ id: idOf.get(key), ...ticket })) },
    }
    expect(old.list.tickets.every((ticket) => ticket.id)).toBe(true)
    await phone.evaluate(
      async ({ key, value }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('door-checkin')
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(open.error)
        })
        await new Promise<void>((resolve, reject) => {
          const transaction = db.transaction('state', 'readwrite')
          transaction.objectStore('state').put(value, key)
          transaction.oncomplete = () => resolve()
          transaction.onerror = () => reject(transaction.error)
        })
      },
      { key: storeKey, value: old },
    )

    // The updated screen opens offline (its worker serves it) on that list.
    await doorWorkerKeepsScreen(phone)
    await door.context.setOffline(true)
    await phone.reload()
    await expect(phone.getByText('Offline')).toBeVisible()
    await expect(phone.getByText('Ready: scan a ticket')).toBeVisible()
    await scan(phone, codes[3] as string)
    await expect(answer(phone)).toHaveAttribute('data-outcome', /^(checkedIn|already)$/, { timeout: 30_000 })
    await expect(answer(phone)).toContainText('王小明')

    const next = await nextListOn(phone, () => door.context.setOffline(false))
    expect(next.asked.since).toBe(stored.list.token)
    expect(next.got.full).toBe(false)
    await expect(phone.getByText('0 scans waiting to sync')).toBeVisible({ timeout: 20_000 })
    expect(door.problems).toEqual([])
  } finally {
    await door.browser.close()
  }
})
