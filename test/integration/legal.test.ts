import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../setup/test-app.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let brand: string
let contactEmail: string

beforeAll(async () => {
  const created = await createTestApp()
  app = created.app
  brand = created.config.BRAND_NAME
  contactEmail = created.config.CONTACT_EMAIL
})

/** The heading the visitor reads first and the document title, per language. */
const TITLES = {
  en: { terms: 'Terms of use', privacy: 'Privacy policy', disclaimer: 'Disclaimer' },
  'zh-cn': { terms: '使用条款', privacy: '隐私政策', disclaimer: '免责声明' },
} as const

function mainOf(html: string): string {
  const start = html.indexOf('<main')
  return html.slice(start, html.indexOf('</main>', start))
}

describe('legal pages', () => {
  for (const [lang, titles] of Object.entries(TITLES)) {
    for (const [document, title] of Object.entries(titles)) {
      it(`when /${lang}/legal/${document}.html is asked, then it renders 200 with its title, contents and contact address`, async () => {
        const response = await request(app).get(`/${lang}/legal/${document}.html`)
        expect(response.status).toBe(200)
        expect(response.headers['content-type']).toContain('text/html')
        expect(response.text).toContain(`<title>${title} | ${brand}</title>`)
        expect(response.text).toMatch(/<meta name="description" content="[^"]{20,}"/)
        const main = mainOf(response.text)
        expect(main).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
        // A table of contents whose links all land on a section heading.
        const anchors = [...main.matchAll(/<a href="#([a-z-]+)"/g)].map((match) => match[1])
        expect(anchors.length).toBeGreaterThan(5)
        for (const anchor of anchors) expect(main).toContain(`id="${anchor}"`)
        expect(main).toContain(`<time dateTime="`)
        expect(main).toContain(`href="mailto:${contactEmail}"`)
        expect(main).not.toMatch(/\{\{|\}\}|<\/?(mail|verify|terms|privacy|disclaimer)>/)
      })
    }
  }

  it('when the privacy policy is read, then it names the cookies and what happens to verification queries and PDFs', async () => {
    const main = mainOf((await request(app).get('/en/legal/privacy.html')).text)
    for (const cookie of ['access_token', 'expo_login', 'expo_device', 'cn_notice_pass', 'basic_data', 'analytics_consent'])
      expect(main).toContain(`>${cookie}</code>`)
    expect(main).toContain('720 minutes')
    expect(main).toContain('SHA-256')
    expect(main).toContain('href="/en/verify.html"')
  })

  it('when the disclaimer is read in Traditional Chinese, then it links to the verification page of that language', async () => {
    const response = await request(app).get('/zh/legal/disclaimer.html')
    expect(response.status).toBe(200)
    expect(response.text).toContain('<html lang="zh-Hant"')
    expect(mainOf(response.text)).toContain('href="/zh/verify.html"')
  })

  for (const path of ['/en/legal/cookies.html', '/en/legal/terms', '/en/legal/Terms.html', '/zh-cn/legal/constructor.html', '/en/legal/terms.html/extra']) {
    it(`when ${path} is asked, then 404 with the not-found page`, async () => {
      const response = await request(app).get(path)
      expect(response.status).toBe(404)
      expect(response.text).toMatch(/This page could not be found|找不到该页面/)
    })
  }
})
