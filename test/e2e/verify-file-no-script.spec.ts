import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { DEMO_IDENTITY } from '../../server/config.ts'
import { testPdfSigner } from '../setup/pdf-signer.ts'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, takingTurns, test } from './fixtures.ts'

/**
 * The PDF check without JavaScript (docs/product.md#verification-without-javascript), in English and
 * Simplified Chinese, at 375 and 1280 px: from the verification page's link for browsers without
 * scripts to the file form, a PDF sent, and the server's answer page; a file that is not a PDF
 * answered with a translated refusal. axe runs with scripts (it is one), on the same answer pages.
 */

type Texts = Record<string, unknown>
const texts = (locale: string, namespace: string): Texts =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8'))
const at = (bundle: Texts, path: string): string => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], bundle) as string
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '')
const FIXTURES = new URL('../fixtures/verify/', import.meta.url)
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES))
const BRAND = DEMO_IDENTITY.brandName

let nextAddress = 0
async function asNewVisitor(page: Page) {
  nextAddress += 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.79.${process.pid % 250}.${(nextAddress % 250) + 1}` })
}

/** A PDF signed with a certificate in our very brand's name that is not ours. */
async function foreignPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  pdf.addPage([300, 300]).drawText('Invoice 2027-001', { x: 40, y: 150, size: 16 })
  return Buffer.from(await testPdfSigner(BRAND).sign(pdf))
}

const VIEWPORTS = [PHONE, DESKTOP]
for (const [languageIndex, locale] of (['en', 'zh-cn'] as const).entries()) {
  const t = texts(locale, 'verify')
  const own = texts(locale, 'document-check')
  for (const [widthIndex, viewport] of VIEWPORTS.entries()) {
    const here = takingTurns(languageIndex, widthIndex, VIEWPORTS.length)
    test.describe(`the PDF check without JavaScript, ${locale}, ${viewport.width} px`, () => {
      // A refused file's page is a 415, which the browser reports in the console.
      test.use({ javaScriptEnabled: false, viewport, allowConsole: [/status of 415 \(Unsupported Media Type\)/] })

      const send = async (page: Page, name: string, buffer: Buffer) => {
        await page.goto(`/${locale}/verify.html`)
        await page.getByRole('link', { name: at(t, 'file.noScript') }).click()
        await expect(page).toHaveURL(`/${locale}/verify.html?tab=file`)
        await page.getByLabel(at(t, 'file.choose')).setInputFiles({ name, mimeType: 'application/pdf', buffer })
        await page.getByRole('button', { name: at(t, 'file.submit') }).click()
      }

      if (here(0))
        test('when a PDF we never issued and one signed by someone else are sent, then the server answers each on a page', async ({ page }) => {
          await asNewVisitor(page)
          await send(page, '王小明-合同.pdf', fixture('unknown-agreement.pdf'))
          await expect(page).toHaveURL(`/api/verify/document?lang=${locale}`)
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(t, 'document.unofficial.title'))
          await expect(page.getByTestId('document-result')).toContainText('王小明-合同.pdf')
          await expect(page.getByTestId('document-result')).toContainText(fill(at(t, 'document.unofficial.text'), { brand: BRAND }))
          await expect(page.getByRole('heading', { name: at(t, 'report.title') })).toBeVisible()

          // Another file from the answer's own form, then back to the page.
          await page.getByLabel(at(t, 'file.choose')).setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await foreignPdf() })
          await page.getByRole('button', { name: at(t, 'file.submit') }).click()
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(at(t, 'document.signature.foreign.title'), { brand: BRAND }))
          await expect(page.getByTestId('document-result')).toContainText(at(t, 'document.signature.foreign.why'))
          await page.getByRole('link', { name: at(own, 'back') }).click()
          await expect(page).toHaveURL(`/${locale}/verify.html`)
        })

      if (here(1))
        test("when a document of the sample site's demo register is sent, then it is the demo answer", async ({ page }) => {
          await asNewVisitor(page)
          await send(page, 'agreement.pdf', fixture('official-agreement.pdf'))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(t, 'document.demo.title'))
          await expect(page.getByTestId('document-result')).toContainText(at(t, 'document.demo.text'))
        })

      if (here(2))
        test('when a picture renamed .pdf is sent, then a translated refusal, and the form to try again', async ({ page }) => {
          await asNewVisitor(page)
          await send(page, 'scan.pdf', fixture('image-renamed.pdf'))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(own, 'failedTitle'))
          await expect(page.getByRole('alert')).toHaveText(at(t, 'errors.fileType'))
          await expect(page.getByRole('button', { name: at(t, 'file.submit') })).toBeVisible()
        })
    })

    test.describe(`the answer pages without JavaScript are accessible, ${locale}, ${viewport.width} px`, () => {
      test.use({ viewport, allowConsole: [/status of 415 \(Unsupported Media Type\)/] })

      /** The page a form post answers, shown at an address of its own so axe (a script) can run in it. */
      const show = async (page: Page, name: string, buffer: Buffer) => {
        await asNewVisitor(page)
        const answer = await page.request.post(`/api/verify/document?lang=${locale}`, {
          multipart: { file: { name, mimeType: 'application/pdf', buffer } },
          headers: { 'X-Forwarded-For': `10.80.${process.pid % 250}.${(nextAddress % 250) + 1}` },
        })
        const html = await answer.text()
        await page.route('**/api/verify/document?lang=*', (route) =>
          route.fulfill({ status: answer.status(), contentType: 'text/html; charset=utf-8', body: html }),
        )
        await page.goto(`/api/verify/document?lang=${locale}`)
      }

      if (here(3))
        test('when a non-official, a demo and a refused file are answered, then axe finds nothing', async ({ page }) => {
          await show(page, 'contract.pdf', fixture('unknown-agreement.pdf'))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(t, 'document.unofficial.title'))
          await expectAccessible(page)
          await show(page, 'agreement.pdf', fixture('official-agreement.pdf'))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(t, 'document.demo.title'))
          await expectAccessible(page)
          await show(page, 'scan.pdf', fixture('image-renamed.pdf'))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(own, 'failedTitle'))
          await expectAccessible(page)
        })

      if (here(4))
        test('when the file tab is opened by its address, then it is accessible with its button hidden once scripts run', async ({ page }) => {
          await page.goto(`/${locale}/verify.html?tab=file`)
          await hydrated(page)
          await expect(page.getByRole('tab', { name: at(t, 'tabs.file') })).toHaveAttribute('aria-selected', 'true')
          await expect(page.getByRole('button', { name: at(t, 'file.submit') })).toBeHidden()
          await expectAccessible(page)
        })
    })
  }
}
