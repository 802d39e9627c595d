import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import type { Geo, GeoAnswer } from '../geo/geo.ts'
import { showsChinaNotice } from './china-notice.ts'
import { isMobileUserAgent } from './device.ts'
import { memoize } from './memo.ts'

export interface RequestContext {
  requestId: string
  /** From the forwarded headers of trusted proxies only (Express `trust proxy`). */
  ip: string
  mobile: boolean
  geo: GeoAnswer
  /** docs/product.md#china-notice: the China notice shows for China without the pass cookie. */
  riskShow: boolean
  fingerprint: string | undefined
}

declare global {
  namespace Express {
    interface Locals {
      context: RequestContext
    }
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

export function requestIdOf(req: Request): string {
  const incoming = req.get('x-request-id')
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

export function requestContext(geo: Geo) {
  // The IP database never changes while the process runs; the same clients come back.
  const countryOf = memoize(10_000, (ip: string) => geo.countryOf(ip))
  return (req: Request, res: Response, next: NextFunction) => {
    const ip = req.ip ?? req.socket.remoteAddress ?? ''
    const answer = countryOf(ip)
    const fingerprint = typeof req.cookies?.[COOKIES.fingerprint] === 'string' ? String(req.cookies[COOKIES.fingerprint]).slice(0, 200) : undefined
    res.locals.context = {
      requestId: String(req.id ?? requestIdOf(req)),
      ip,
      mobile: isMobileUserAgent(req.get('user-agent')),
      geo: answer,
      riskShow: showsChinaNotice(answer, req.cookies),
      fingerprint,
    }
    next()
  }
}
