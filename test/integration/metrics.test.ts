import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createMetrics, createMetricsServer, metricsExposure } from '../../server/http/metrics.ts'
import { createTestApp } from '../setup/test-app.ts'

/**
 * Call counts, latencies and cache figures are not for everyone
 * (docs/decisions/0007-metrics-shutdown-and-shared-cache-cookies.md#metrics-is-never-public).
 */
const TOKEN = 'metrics-token-for-the-tests-0123456789'

async function siteWith(env: Record<string, string>) {
  const metrics = createMetrics()
  const made = await createTestApp({ env, deps: { metrics } })
  return { ...made, metrics }
}

describe('/metrics', () => {
  it('when production has neither METRICS_TOKEN nor METRICS_PORT, then the site does not serve /metrics', async () => {
    const { app } = await siteWith({ NODE_ENV: 'production' })
    const response = await request(app).get('/metrics')
    expect(response.status).toBe(404)
    expect(response.text).not.toContain('http_request_duration_seconds')
  })

  it('when METRICS_TOKEN is set, then /metrics answers only to that bearer token', async () => {
    const { app } = await siteWith({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN })
    const without = await request(app).get('/metrics')
    expect(without.status).toBe(401)
    expect(without.headers['www-authenticate']).toContain('Bearer')
    expect(without.text).not.toContain('http_request_duration_seconds')
    expect((await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`)).status).toBe(401)
    expect((await request(app).get('/metrics').set('Authorization', TOKEN)).status).toBe(401)
    const allowed = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)
    expect(allowed.status).toBe(200)
    expect(allowed.headers['cache-control']).toBe('no-store')
    expect(allowed.text).toContain('http_request_duration_seconds')
  })

  it('when METRICS_PORT is set, then the site port has no /metrics and the private listener has nothing else', async () => {
    const { app, config, metrics } = await siteWith({ NODE_ENV: 'production', METRICS_PORT: '9464' })
    expect(metricsExposure(config)).toEqual({ where: 'port', port: 9464, token: null })
    expect((await request(app).get('/metrics')).status).toBe(404)
    const listener = createMetricsServer(metrics, null).listen(0, '127.0.0.1')
    await new Promise((resolve) => listener.once('listening', resolve))
    try {
      const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
      const scraped = await fetch(`${origin}/metrics`)
      expect(scraped.status).toBe(200)
      expect(await scraped.text()).toContain('process_cpu_seconds_total')
      expect((await fetch(`${origin}/en`)).status).toBe(404)
      expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(404)
    } finally {
      listener.close()
    }
  })

  it('when both are set, then the private listener asks for the token too', async () => {
    const { config, metrics } = await siteWith({ NODE_ENV: 'production', METRICS_PORT: '9464', METRICS_TOKEN: TOKEN })
    const exposure = metricsExposure(config)
    expect(exposure).toEqual({ where: 'port', port: 9464, token: TOKEN })
    const listener = createMetricsServer(metrics, TOKEN).listen(0, '127.0.0.1')
    await new Promise((resolve) => listener.once('listening', resolve))
    try {
      const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
      expect((await fetch(`${origin}/metrics`)).status).toBe(401)
      expect((await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200)
    } finally {
      listener.close()
    }
  })

  it('when the site runs in development or tests without a token, then /metrics stays open on the site port', async () => {
    const { app } = await siteWith({})
    await request(app).get('/en')
    const response = await request(app).get('/metrics')
    expect(response.status).toBe(200)
    expect(response.text).toMatch(/http_request_duration_seconds_count\{route="page",method="GET",status="2xx"\} \d+/)
  })

  it('when pages are served from the page cache, then its events are a counter by outcome that the scrape reads from the cache', async () => {
    const { app } = await siteWith({})
    const scrape = async () => (await request(app).get('/metrics')).text
    const hits = (text: string) => Number(/^page_cache_requests_total\{outcome="hits"\} (\d+)$/m.exec(text)?.[1])
    const before = await scrape()
    expect(before).toContain('# TYPE page_cache_requests_total counter')
    expect(before).not.toMatch(/^page_cache_requests /m)
    for (let i = 0; i < 3; i++) await request(app).get('/en')
    const after = await scrape()
    expect(hits(after)).toBeGreaterThan(hits(before))
    // A second scrape does not add the cache's count again.
    expect(hits(await scrape())).toBe(hits(after))
  })

  it("when scraped, then it says what holds the memory: ArrayBuffers, and the embedded database's WebAssembly memory (none on PostgreSQL)", async () => {
    const { app, db, metrics } = await siteWith({})
    metrics.watchDatabase(db)
    const text = (await request(app).get('/metrics')).text
    const sample = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1])
    expect(sample('nodejs_array_buffers_bytes')).toBeGreaterThan(0)
    if (db.kind === 'pglite') expect(sample('db_embedded_memory_bytes')).toBeGreaterThan(16 * 1024 * 1024)
    else expect(sample('db_embedded_memory_bytes')).toBe(0)
  })
})
