import { existsSync, readdirSync } from 'node:fs'
import { extname } from 'node:path'
import type { RequestHandler } from 'express'

/** Build files worth a compressed copy: text. Images and fonts are compressed already. */
export const PRECOMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html)$/

/**
 * Headers that say nothing useful on a hashed build file. On each of a page's twenty-odd script files they are about a
 * kilobyte (the home's JavaScript budget counts bytes as transferred, headers included: docs/performance.md#goals-and-where-we-stand). Document headers mean nothing on
 * a script; a module script without Referrer-Policy follows its document's, which is the same; the request id of a
 * static file is never looked up. X-Content-Type-Options, Cross-Origin-Resource-Policy and HSTS stay.
 */
const NEEDLESS_ON_BUILD_FILES = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Referrer-Policy',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-Request-Id',
  'X-XSS-Protection',
]

/**
 * How both the copies and express.static send build files: a year, immutable, validated by ETag alone (the file
 * name changes with its content, so Last-Modified and ranges of a script add nothing).
 */
export const BUILD_FILE_OPTIONS = { maxAge: '365d', immutable: true, lastModified: false, acceptRanges: false } as const

/** The encoding to send, when the client accepts it and the build wrote that copy (scripts/precompress.ts). */
export function pickEncoding(acceptEncoding: string | undefined, name: string, available: ReadonlySet<string>): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const accepted = new Set<string>()
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param))
    if (!refused) accepted.add(coding.trim())
  }
  if (accepted.has('br') && available.has(`${name}.br`)) return 'br'
  if (accepted.has('gzip') && available.has(`${name}.gz`)) return 'gzip'
  return null
}

/**
 * Serves the build's brotli or gzip copy of a hashed file when the client accepts it, so the compression
 * middleware does not squeeze the same file at a cheap level on every request; the rest falls through to
 * express.static. The directory is listed once: build files never change while a process runs.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const available: ReadonlySet<string> = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : [])
  return (req, res, next) => {
    for (const header of NEEDLESS_ON_BUILD_FILES) res.removeHeader(header)
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const name = req.path.slice(1)
    if (name.includes('/') || !PRECOMPRESSIBLE.test(name)) return next()
    const encoding = pickEncoding(req.headers['accept-encoding'], name, available)
    res.vary('Accept-Encoding')
    if (!encoding) return next()
    // Content-Encoding set here tells the compression middleware the body is encoded already.
    res.setHeader('Content-Encoding', encoding)
    res.type(extname(name))
    res.sendFile(`${name}.${encoding === 'br' ? 'br' : 'gz'}`, { root: assetsDir, ...BUILD_FILE_OPTIONS }, (error) => {
      if (error && !res.headersSent) next(error)
    })
  }
}
