import type { Response } from 'express'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import { ACCESS_TOKEN_SECONDS } from './tokens.ts'

/**
 * The visitor's `access_token` cookie (docs/product.md#access-token, 3600 s), the one place it is written. The browser's
 * gateway client reads it, so it is not HttpOnly; the login cookie itself is.
 *
 * Never on a response a shared cache may store (`s-maxage`): a CDN would hand one visitor's token
 * to everyone. Such pages leave it out and the browser asks POST /api/token on its first gateway call.
 */
export function setAccessTokenCookie(res: Response, token: string, options: { secure: boolean }): void {
  res.cookie(COOKIES.accessToken, token, { maxAge: ACCESS_TOKEN_SECONDS * 1000, sameSite: 'lax', secure: options.secure, path: '/', httpOnly: false })
}
