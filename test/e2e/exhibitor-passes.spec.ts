import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { answer, doorBrowser, scan, showToCamera } from './door-kit.ts'
import { acceptedExhibitor, account, signInToWorkspace, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Team passes (docs/product.md#team-passes), end to end: a manager grants an exhibitor two passes in
 * the console; its administrator, in Simplified Chinese on a 375 px phone, names two people (one
 * written 王小明, shown family name first), each gets the e-ticket mail with its PNG and PDF; a pass
 * given to someone else voids its code: the door's camera lets the new code in as "Exhibitor · the
 * company" and refuses the old one. The area is checked with axe at 375 and 1280 px (and kept as a
 * screenshot with E2E_SCREENSHOTS).
 */
type Strings = typeof import('../../locales/en/exhibitor.json')
type Tickets = typeof import('../../locales/en/tickets.json')
const read = <T>(namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/zh-cn/${namespace}.json`, import.meta.url), 'utf8')) as T
const ZH = read<Strings>('exhibitor')
const TICKETS = read<Tickets>('tickets')
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => values[key] ?? '')

const STAFF_PASSWORD = 'correct horse battery staple'
const ADMIN_PASSWORD = 'team passes password 2026'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
const COMPANY = 'Wang Capital Ltd'

const tag = unique()
const ADMIN = `wang.passes-${tag}@example.cn`
const PEOPLE = {
  wang: { first: '小明', last: '王', email: `xiaoming-${tag}@example.cn`, phone: '(415) 555-2681' },
  ada: { first: 'Ada', last: 'Lovelace', email: `ada-${tag}@example.com`, phone: '(415) 555-2682' },
  grace: { first: 'Grace', last: 'Hopper', email: `grace-${tag}@example.com`, phone: '(415) 555-2683' },
}

let managerLink: string
let doorLink: string
let exhibitorId: number

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** The newest e-ticket code issued to this address, as its mail's QR code carries it. */
async function codeOf(db: Parameters<typeof account>[0], email: string): Promise<string> {
  const found = await db.query<{ code: string }>(
    'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id where a.email = $1 order by e.issued_at desc limit 1',
    [email],
  )
  return found.rows[0]?.code as string
}

/** Names a pass through the area's form: the attendee form's fields, in Chinese. */
async function namePerson(passes: Locator, person: (typeof PEOPLE)['wang']) {
  const form = passes.getByRole('form')
  await form.getByLabel(TICKETS.attendees.firstName, { exact: true }).fill(person.first)
  await form.getByLabel(TICKETS.attendees.lastName, { exact: true }).fill(person.last)
  await form.getByLabel(TICKETS.attendees.email, { exact: true }).fill(person.email)
  await form.locator('#pass-phone').fill(person.phone)
  await form.getByLabel(TICKETS.attendees.identity, { exact: true }).selectOption({ label: TICKETS.identity.trader })
  await form.getByLabel(TICKETS.attendees.industry, { exact: true }).selectOption({ label: TICKETS.industry.fintech })
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(`mia.passes-${tag}@example.com`, 'manager', 'Mia Passes')
  doorLink = await consoleSite.addStaff(`dora.passes-${tag}@example.com`, 'checkin', 'Dora Passes')
  await account(consoleSite.db, ADMIN, 'Wang', ADMIN_PASSWORD, 'zh-cn')
  exhibitorId = (await acceptedExhibitor(consoleSite, ADMIN, COMPANY)).exhibitorId
})

test('a manager grants two passes; the admin names two people in Chinese on a phone, gives one to someone else; the door lets in the new code only', async ({
  page,
  browser,
  consoleSite,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, managerLink, STAFF_PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/exhibitors/${exhibitorId}`)
  await hydrated(page)
  const grant = page.getByRole('region', { name: 'Team passes' })
  await grant.getByLabel('Passes granted').fill('2')
  await grant.getByRole('button', { name: 'Save passes' }).click()
  await expect(grant).toContainText('Passes named: 0 of 2')

  // The exhibitor's administrator, in Simplified Chinese on a phone.
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': '8.10.20.31' } })
  const admin = await context.newPage()
  await signInToWorkspace(admin, exhibitorId, ADMIN, ADMIN_PASSWORD)

  const passes = admin.getByRole('region', { name: ZH.passes.title })
  await expect(passes).toContainText(fill(ZH.passes.count_other, { named: '0', count: '2' }))
  await passes.getByRole('button', { name: ZH.passes.name }).click()
  await expect(passes.getByLabel(ZH.passes.mailLocale)).toHaveValue('zh-cn')
  await expectAccessible(admin)
  // Nothing filled: checked in the browser by the attendee form's rules, the prompts beside the fields,
  // the focus on the first, nothing named. A wrong e-mail gets the form's message as it is corrected.
  await passes.getByRole('button', { name: ZH.passes.nameSend }).click()
  await expect(admin.locator('#pass-firstName-error')).toContainText(TICKETS.prompts.firstName)
  await expect(admin.locator('#pass-phone-error')).toContainText(TICKETS.prompts.phone)
  await expect(admin.locator('#pass-firstName')).toBeFocused()
  await passes.getByLabel(TICKETS.attendees.email, { exact: true }).fill('xiaoming@example')
  await expect(admin.locator('#pass-email-error')).toContainText(TICKETS.messages.email)
  await shoot(admin, 'pass-form-errors-zh-cn-375')
  await expectAccessible(admin)
  // The phone's country is the visitor's (an American address here), not the page language's China.
  await expect(passes.locator('img[src="/flags/3x2/US.svg"]')).toBeVisible()
  await namePerson(passes, PEOPLE.wang)
  await passes.getByRole('button', { name: ZH.passes.nameSend }).click()
  await expect(passes.getByRole('status')).toHaveText(fill(ZH.passes.named, { name: '王小明' }))
  await passes.getByRole('button', { name: ZH.passes.name }).click()
  await namePerson(passes, PEOPLE.ada)
  await passes.getByRole('button', { name: ZH.passes.nameSend }).click()
  await expect(passes.getByRole('status')).toHaveText(fill(ZH.passes.named, { name: 'Ada Lovelace' }))
  await expect(passes).toContainText(fill(ZH.passes.count_other, { named: '2', count: '2' }))
  const list = passes.getByRole('list', { name: ZH.passes.list })
  await expect(list.getByRole('listitem')).toHaveText([/王小明/, /Ada Lovelace/])
  await expect(list.getByRole('listitem').first()).toContainText(PEOPLE.wang.email)
  await expect(list.getByRole('listitem').first()).toContainText(ZH.passes.notCheckedIn)
  // Every pass named: no more to name.
  await expect(passes.getByRole('button', { name: ZH.passes.name })).toHaveCount(0)

  // Each gets the e-ticket mail, in the language chosen, with the picture and the PDF.
  const mailTo = async (email: string) =>
    (
      await consoleSite.db.query<{ text_body: string; attachments: Array<{ contentType: string }> }>(
        'select text_body, attachments from mail_outbox where to_address = $1 order by id desc limit 1',
        [email],
      )
    ).rows[0]
  await expect.poll(async () => (await mailTo(PEOPLE.wang.email))?.text_body ?? '').toContain('王小明')
  expect((await mailTo(PEOPLE.wang.email))?.text_body).toContain(`参展商证 · ${COMPANY}`)
  expect((await mailTo(PEOPLE.wang.email))?.attachments.map((file) => file.contentType)).toEqual(['image/png', 'application/pdf'])
  await expect.poll(async () => (await mailTo(PEOPLE.ada.email))?.attachments.length ?? 0).toBe(2)
  await shoot(admin, 'passes-zh-cn-375')

  // Ada's pass to Grace: the form says the old code stops working; a new mail goes to Grace.
  const oldCode = await codeOf(consoleSite.db, PEOPLE.ada.email)
  await list.getByRole('button', { name: fill(ZH.passes.renameNamed, { name: 'Ada Lovelace' }) }).click()
  await expect(passes).toContainText(ZH.passes.renameHint)
  await namePerson(passes, PEOPLE.grace)
  await passes.getByRole('button', { name: ZH.passes.renameSend }).click()
  await expect(passes.getByRole('status')).toHaveText(fill(ZH.passes.renamed, { name: 'Grace Hopper' }))
  await expect(list.getByRole('listitem')).toHaveText([/王小明/, /Grace Hopper/])
  await expect.poll(async () => (await mailTo(PEOPLE.grace.email))?.attachments.length ?? 0).toBe(2)
  const newCode = await codeOf(consoleSite.db, PEOPLE.grace.email)
  expect(newCode).not.toBe(oldCode)

  // Revoking is asked first; cancelled, nothing changes.
  await list.getByRole('button', { name: fill(ZH.passes.revokeNamed, { name: 'Grace Hopper' }) }).click()
  const dialog = admin.getByRole('dialog', { name: fill(ZH.passes.revokeTitle, { name: 'Grace Hopper' }) })
  await expect(dialog).toContainText(ZH.passes.revokeText)
  await expectAccessible(admin)
  await dialog.getByRole('button', { name: ZH.team.cancel }).click()
  await expect(dialog).toBeHidden()

  for (const size of [DESKTOP, PHONE]) {
    await admin.setViewportSize(size)
    await expectAccessible(admin)
    await shoot(admin, `passes-zh-cn-${size.width}`)
  }
  await context.close()

  // The door: the new code is the exhibitor's team, the old one is refused.
  const door = await doorBrowser()
  try {
    const phone = door.page
    showToCamera(newCode)
    await setUpAccount(phone, doorLink, STAFF_PASSWORD, EN)
    await phone.waitForURL(`${ORIGIN}/console/checkin`)
    await hydrated(phone)
    const exhibition = await consoleSite.db.query<{ exhibition_id: number }>('select exhibition_id from exhibitors where id = $1', [exhibitorId])
    await phone.getByLabel('Exhibition').selectOption(String(exhibition.rows[0]?.exhibition_id))
    await phone.getByLabel('Gate').fill('Hall A')
    await phone.getByRole('button', { name: 'Start checking in' }).click()
    await scan(phone, newCode)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'checkedIn', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('Grace Hopper')
    await expect(answer(phone)).toContainText(`Exhibitor · ${COMPANY}`)
    await scan(phone, oldCode)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'cancelled', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('Cancelled ticket')
    expect(door.problems).toEqual([])
  } finally {
    await door.browser.close()
  }
})
