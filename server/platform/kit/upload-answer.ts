import type { Request, Response } from 'express'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'

export interface UploadAnswer {
  readonly requestId: string
  /** True once the answer went out or the client went away: later parts of the body are ignored. */
  readonly answered: boolean
  /** The gateway's envelope, sent once; later calls do nothing. */
  send(status: number, data: unknown, message?: string): void
}

/**
 * The answer of a route that reads a multipart upload as it streams in. A refusal can come before the
 * body has all arrived (a file too large, of the wrong kind, a caller without the right): the rest is
 * not read, and the connection closes after the answer. A client that gives up mid-body is answered by
 * nobody, and whatever the parser still emits is ignored.
 */
export function uploadAnswer(req: Request, res: Response): UploadAnswer {
  const requestId = res.locals.context.requestId as string
  res.setHeader('Cache-Control', 'private, no-store')
  let answered = false
  req.once('aborted', () => {
    answered = true
    req.unpipe()
  })
  return {
    requestId,
    get answered() {
      return answered
    },
    send(status, data, message) {
      if (answered || res.headersSent) return
      answered = true
      if (!req.complete) res.setHeader('Connection', 'close')
      req.unpipe()
      res.status(status).json({ succeed: status === ERROR_CODES.ok, ErrorCode: status, data, ...(message ? { message } : {}), requestId })
    },
  }
}
