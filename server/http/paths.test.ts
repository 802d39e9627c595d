import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../shared/contracts/define.ts'
import { isCacheablePagePath, isQuietPath, isReservedPath, looksLikeFile, ROBOTS_DISALLOW, routeKindOf, slashlessLocation } from './paths.ts'

describe('reserved paths and route kinds', () => {
  it('when a gateway path of docs/product.md#endpoints is asked, then it is reserved and of kind platform', () => {
    for (const { path } of Object.values(ENDPOINTS)) {
      expect(isReservedPath(path), path).toBe(true)
      expect(routeKindOf(path), path).toBe('platform')
    }
  })

  it('when the platform routes of the domains are asked, then they are reserved too', () => {
    for (const path of ['/api/session', '/api/token', '/oauth2/authorize', '/login', '/login/signin', '/pay/sandbox/1', '/uploads/x.pdf']) {
      expect(isReservedPath(path), path).toBe(true)
    }
    expect(routeKindOf('/api/token')).toBe('api')
    expect(routeKindOf('/login')).toBe('platform')
  })

  it('when probes, metrics and built files are asked, then each has its own kind', () => {
    expect(routeKindOf('/HealthCheck/Get')).toBe('health')
    expect(routeKindOf('/HealthCheck/Ready')).toBe('health')
    expect(routeKindOf('/metrics')).toBe('metrics')
    expect(routeKindOf('/assets/index-abc.js')).toBe('asset')
    expect(routeKindOf('/flags/3x2/CN.svg')).toBe('asset')
    expect(isQuietPath('/HealthCheck/Ready')).toBe(true)
    expect(isQuietPath('/metrics')).toBe(true)
    expect(isQuietPath('/en')).toBe(false)
  })

  it('when the case differs, then the same answer (Windows-era links)', () => {
    expect(isReservedPath('/healthcheck/get')).toBe(true)
    expect(routeKindOf('/API/ARTICLE/webarticle')).toBe('platform')
    expect(routeKindOf('/Gateway/cv3')).toBe('platform')
  })

  it('when a path only starts with the letters of a prefix, then it is not reserved', () => {
    for (const path of ['/apiary', '/payments', '/en/api', '/metricsx', '/loginpage', '/assetsy/x']) {
      expect(isReservedPath(path), path).toBe(false)
      expect(routeKindOf(path), path).toBe('page')
    }
  })

  it('when pages are asked, then they are pages the cache may hold; files, the root and reserved paths are not', () => {
    for (const path of ['/en', '/zh-cn', '/zh-cn/about.html', '/ja/exhibition/12.html', '/en/no/such/page']) {
      expect(isCacheablePagePath(path), path).toBe(true)
    }
    for (const path of ['/', '/favicon.svg', '/en/site.webmanifest', '/images/logo.png', '/demo/brokers/x.svg', '/api/token', '/pay/x']) {
      expect(isCacheablePagePath(path), path).toBe(false)
    }
  })

  it('when a path ends in an extension, then it looks like a file unless it is .html', () => {
    expect(looksLikeFile('/robots.txt')).toBe(true)
    expect(looksLikeFile('/site.webmanifest')).toBe(true)
    expect(looksLikeFile('/en/about.html')).toBe(false)
    expect(looksLikeFile('/en/exhibitions')).toBe(false)
  })

  it('when robots.txt is written, then crawlers are kept off the platform paths in the order they always were', () => {
    expect(ROBOTS_DISALLOW).toEqual(['/api/', '/gateway/', '/oauth2/', '/login', '/pay/', '/console'])
  })

  it('when the console is asked, then its pages render (not reserved, never page-cached) and its gateway is the platform', () => {
    for (const path of ['/console', '/console/sign-in', '/Console/setup/abc']) {
      expect(isReservedPath(path), path).toBe(false)
      expect(isCacheablePagePath(path), path).toBe(false)
      expect(routeKindOf(path), path).toBe('console')
    }
    expect(routeKindOf('/gateway/console')).toBe('platform')
    expect(routeKindOf('/consoles')).toBe('page')
  })
})

describe('page URLs with a trailing slash', () => {
  it.each([
    ['/en/backDetail/2/', '/en/backDetail/2'],
    ['/zh-cn/', '/zh-cn'],
    ['/en/about.html/?tab=1&x=%20y', '/en/about.html?tab=1&x=%20y'],
    ['/en/news///', '/en/news'],
    ['//evil.example/', '/evil.example'],
    ['//', '/'],
  ])('when %s is asked, then it moves to %s', (url, location) => {
    expect(slashlessLocation(url)).toBe(location)
  })

  it.each([['/'], ['/en'], ['/en/backDetail/2?next=/x/'], ['/?a=/']])('when %s is asked, then it stays', (url) => {
    expect(slashlessLocation(url)).toBeNull()
  })

  it('when a page path ends in a slash, then the page cache leaves it (its redirect keeps the whole query)', () => {
    expect(isCacheablePagePath('/en/news')).toBe(true)
    expect(isCacheablePagePath('/en/news/')).toBe(false)
    expect(isCacheablePagePath('/en/')).toBe(false)
  })
})
