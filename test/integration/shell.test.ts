import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../setup/test-app.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']

beforeAll(async () => {
  ;({ app } = await createTestApp())
})

describe('language redirects (docs/product.md#language-resolution)', () => {
  it('when / is asked with a Chinese browser, then it redirects to /zh-cn', async () => {
    const response = await request(app).get('/').set('Accept-Language', 'zh-CN,zh;q=0.9')
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe('/zh-cn')
    expect(response.headers.vary).toContain('Accept-Language')
  })

  it('when the URL language is unsupported, then the same path and query get the browser language', async () => {
    const response = await request(app).get('/fr/about.html?tab=1&x=%20y').set('Accept-Language', 'ja;q=0.7, fr;q=0.9')
    expect(response.headers.location).toBe('/ja/about.html?tab=1&x=%20y')
  })

  it('when no accept-language is sent, then English', async () => {
    const response = await request(app).get('/')
    expect(response.headers.location).toBe('/en')
  })
})

describe('pages', () => {
  it('when the home page is asked, then it is server-rendered in the language with alternates', async () => {
    const response = await request(app).get('/zh-cn')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.text).toContain('<html lang="zh-Hans"')
    expect(response.text).toContain('rel="canonical" href="http://localhost:3000/zh-cn"')
    expect(response.text).toContain('hrefLang="x-default"')
    expect(response.text).toMatch(/<script id="app-state" type="application\/json">/)
  })

  it('when a route does not exist, then 404 with the translated message in the empty layout', async () => {
    const response = await request(app).get('/en/no/such/page')
    expect(response.status).toBe(404)
    expect(response.text).toContain('This page could not be found')
    expect(response.text).not.toContain('<header')
  })

  it('when a page is asked with a trailing slash, then it moves for good to the slashless URL with its query', async () => {
    for (const [url, location] of [
      ['/en/backDetail/2/', '/en/backDetail/2'],
      ['/zh-cn/about.html/?from=mail', '/zh-cn/about.html?from=mail'],
      ['/ja/', '/ja'],
      ['/en/news/?page=2&utm_source=x', '/en/news?page=2&utm_source=x'],
      ['//evil.example/', '/evil.example'],
    ]) {
      const response = await request(app).get(url as string)
      expect(response.status, url).toBe(301)
      expect(response.headers.location).toBe(location)
    }
    const page = await request(app).get('/en/about.html')
    expect(page.status).toBe(200)
    expect(page.text).toContain('rel="canonical" href="http://localhost:3000/en/about.html"')
    expect(page.text).not.toMatch(/hrefLang="[^"]+" href="[^"]+\/"/)
  })

  it('when a page is asked with POST, then 405 and no 500', async () => {
    const response = await request(app).post('/en')
    expect(response.status).toBe(405)
  })
})

describe('health', () => {
  it('when the process answers, then liveness is 200 with a small JSON body that says nothing of the database', async () => {
    const response = await request(app).get('/HealthCheck/Get')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(Object.keys(response.body).sort()).toEqual(['status', 'uptime'])
    expect(response.body.status).toBe('ok')
  })

  it('when the instance reaches everything and is migrated, then readiness is 200 and says what it checked', async () => {
    const response = await request(app).get('/HealthCheck/Ready')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toEqual({ status: 'ready', database: 'ok', sharedStore: 'memory', pendingMigrations: [] })
  })
})

describe('reserved paths (server/http/paths.ts)', () => {
  it('when a path nobody answers is reserved, then a plain 404 in the envelope, never a language redirect', async () => {
    for (const path of ['/api/nothing', '/gateway/nothing', '/HealthCheck/Nothing', '/healthcheck/get/x', '/pay', '/uploads/x']) {
      const response = await request(app).get(path)
      expect(response.status, path).toBe(404)
      expect(response.body, path).toMatchObject({ succeed: false, ErrorCode: 404 })
    }
  })

  it('when a path only starts like a reserved one, then it is a page like any other', async () => {
    const response = await request(app).get('/apiary').set('Accept-Language', 'ja')
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe('/ja/apiary')
  })
})

describe('SEO files', () => {
  it('when robots.txt is asked, then it allows pages and points to the sitemap', async () => {
    const response = await request(app).get('/robots.txt')
    expect(response.status).toBe(200)
    expect(response.text).toContain('Sitemap: http://localhost:3000/sitemap.xml')
    expect(response.text).toContain('Disallow: /api/\nDisallow: /gateway/\nDisallow: /oauth2/\nDisallow: /login\nDisallow: /pay/\n')
  })

  it('when sitemap.xml is asked, then every page is there in every live language with alternates', async () => {
    const response = await request(app).get('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toContain('application/xml')
    expect(response.text).toContain('<loc>http://localhost:3000/ja/about.html</loc>')
    expect(response.text).toContain('hreflang="zh-Hant" href="http://localhost:3000/zh/about.html"')
    expect(response.text).toContain('hreflang="x-default"')
  })
})
