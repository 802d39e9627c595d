import type { NextFunction, Request, Response } from 'express'
import { ERROR_CODES } from '../../shared/contracts/define.ts'
import { DEFAULT_URL_LANGUAGE } from '../../shared/languages.ts'
import { type SsrDeps, ssrHandler } from './ssr.ts'

/** Where the organiser's console lives (docs/product.md#console-where): outside the language prefix. */
export const CONSOLE_PATH = '/console'

/** The door's screen: where a phone without a QR reader of its own decodes with ZXing in WebAssembly. */
const CHECKIN_PAGE = '/checkin'

/**
 * Compiling WebAssembly needs 'wasm-unsafe-eval' in the CSP (it allows no script text, only wasm).
 * Only the check-in page and the exhibitors' leads scanner (app.ts) get it; every other page keeps the strict policy.
 */
export function allowWebAssembly(res: Response): void {
  const policy = res.getHeader('Content-Security-Policy')
  if (typeof policy === 'string') res.setHeader('Content-Security-Policy', policy.replace(/(^|;)script-src /, "$1script-src 'wasm-unsafe-eval' "))
}

/**
 * The console's pages through the same render pipeline as the public ones, with the console's own
 * render and assets (src/console/entry-server.tsx, its client entry). Mounted at CONSOLE_PATH before
 * the language redirect; the public render is not touched. Every answer is personal: never stored by
 * the page cache or anyone else, never indexed.
 */
export function consolePages(deps: SsrDeps) {
  const pages = ssrHandler(deps)
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'private, no-store')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    if (req.path === CHECKIN_PAGE) allowWebAssembly(res)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return res
        .status(ERROR_CODES.methodNotAllowed)
        .setHeader('Allow', 'GET, HEAD')
        .json({ succeed: false, ErrorCode: ERROR_CODES.methodNotAllowed, data: null, message: 'errors.methodNotAllowed' })
    }
    // The fallback page's language if rendering fails; the console picks its own from the member.
    res.locals.lang = DEFAULT_URL_LANGUAGE
    return pages(req, res, next)
  }
}
