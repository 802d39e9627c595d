import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { pickEncoding, precompressedAssets } from './precompressed.ts'

const script = 'export const greeting = "hello";\n'.repeat(200)

function appWithAssets() {
  const dir = mkdtempSync(join(tmpdir(), 'assets-'))
  writeFileSync(join(dir, 'app-abc.js'), script)
  writeFileSync(join(dir, 'app-abc.js.br'), brotliCompressSync(script))
  writeFileSync(join(dir, 'app-abc.js.gz'), gzipSync(script))
  writeFileSync(join(dir, 'plain-abc.js'), script)
  const app = express()
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', "default-src 'self'")
    res.setHeader('X-Content-Type-Options', 'nosniff')
    next()
  })
  app.use(compression({ level: 3, threshold: 1024 }))
  app.use('/assets', precompressedAssets(dir), express.static(dir, { immutable: true, maxAge: '365d', fallthrough: false }))
  return app
}

const raw = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = []
  res.on('data', (chunk: Buffer) => chunks.push(chunk))
  res.on('end', () => callback(null, Buffer.concat(chunks)))
}

describe('pickEncoding', () => {
  const available = new Set(['a.js.br', 'a.js.gz', 'b.js.gz'])
  it('prefers brotli, falls back to gzip, honours q=0 and missing copies', () => {
    expect(pickEncoding('gzip, deflate, br', 'a.js', available)).toBe('br')
    expect(pickEncoding('gzip, deflate', 'a.js', available)).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip', 'a.js', available)).toBe('gzip')
    expect(pickEncoding('br', 'b.js', available)).toBeNull()
    expect(pickEncoding('identity', 'a.js', available)).toBeNull()
    expect(pickEncoding(undefined, 'a.js', available)).toBeNull()
  })
})

describe('precompressedAssets', () => {
  it('sends the brotli copy as it is, typed as the script, cached for a year, without document headers', async () => {
    const response = await request(appWithAssets()).get('/assets/app-abc.js').set('Accept-Encoding', 'gzip, br').buffer(true).parse(raw)
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toContain('immutable')
    expect(response.headers.vary).toMatch(/Accept-Encoding/i)
    expect(response.headers['content-security-policy']).toBeUndefined()
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    // The build's copy itself (its length), which the client decodes to the script.
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(script).length)
    expect((response.body as Buffer).toString()).toBe(script)
  })

  it('sends the gzip copy to a client without brotli', async () => {
    const response = await request(appWithAssets()).get('/assets/app-abc.js').set('Accept-Encoding', 'gzip').buffer(true).parse(raw)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(Number(response.headers['content-length'])).toBe(gzipSync(script).length)
    expect((response.body as Buffer).toString()).toBe(script)
  })

  it('leaves files without a copy, clients without compression and unknown files to the static files', async () => {
    const app = appWithAssets()
    const plain = await request(app).get('/assets/plain-abc.js').set('Accept-Encoding', 'br').buffer(true).parse(raw)
    expect(plain.status).toBe(200)
    const identity = await request(app).get('/assets/app-abc.js').set('Accept-Encoding', 'identity').buffer(true).parse(raw)
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect((identity.body as Buffer).toString()).toBe(script)
    expect((await request(app).get('/assets/missing.js').set('Accept-Encoding', 'br')).status).toBe(404)
    expect([403, 404]).toContain((await request(app).get('/assets/..%2Fapp-abc.js.br').set('Accept-Encoding', 'br')).status)
  })
})
