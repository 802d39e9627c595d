import { randomBytes } from 'node:crypto'
import type { Response } from 'express'
import helmet from 'helmet'
import type { Config } from '../config.ts'

const originOf = (url: string | undefined) => (url ? new URL(url).origin : null)

/**
 * Security headers with a strict CSP: scripts only from our origin (no inline script at all: the
 * hydration data is a JSON script element, which the CSP does not treat as code), no inline styles,
 * and exactly the third-party origins configuration names (analytics, tags, login frame).
 */
export function securityHeaders(config: Config, options: { development?: boolean } = {}) {
  const scriptOrigins = [originOf(config.ANALYTICS_SCRIPT_URL), originOf(config.TAG_SCRIPT_URL)].filter((origin): origin is string => Boolean(origin))
  const loginOrigin = originOf(config.LOGIN_ORIGIN)
  const gatewayOrigin = originOf(config.GATEWAY_URL)
  const development = options.development ?? false
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite's dev client injects inline scripts and styles; only ever in development.
        scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...scriptOrigins],
        styleSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(gatewayOrigin ? [gatewayOrigin] : []), ...scriptOrigins, ...(development ? ['ws:'] : [])],
        frameSrc: ["'self'", ...(loginOrigin ? [loginOrigin] : []), 'https://www.youtube-nocookie.com'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })
}

/**
 * Lets this one answer run React's own inline scripts, and nothing else inline: a part of a streamed
 * page that is ready after the shell (a screen loaded on demand) is put in its place by a small
 * script React writes into the stream. Without it the browser never finishes that part and React
 * reports error 419. Only streamed answers get a nonce, and they are never cached; a cached page
 * is rendered whole and has no inline script.
 */
export function allowStreamScripts(res: Response): string {
  const nonce = randomBytes(16).toString('base64')
  const policy = res.getHeader('Content-Security-Policy')
  // In development inline scripts are allowed already, and a nonce would turn that off for Vite's own.
  if (typeof policy === 'string' && !policy.includes("'unsafe-inline'"))
    res.setHeader('Content-Security-Policy', policy.replace(/(^|;)script-src /, `$1script-src 'nonce-${nonce}' `))
  return nonce
}
