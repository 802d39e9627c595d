import axios from 'axios'
import type { TokenResult, TokenSource } from './client.ts'
import { readCookie } from '../lib/cookies.ts'
import { COOKIES } from '../../shared/contracts/cookies.ts'

/**
 * In the browser the token lives in the `access_token` cookie (3600 s, docs/product.md#access-token) that the server
 * sets; a new one comes from POST /api/token, which sets the cookie again.
 */
export function createBrowserTokenSource(): TokenSource {
  return {
    current: () => readCookie(COOKIES.accessToken) || undefined,
    async obtain(): Promise<TokenResult> {
      try {
        const response = await axios.post<{ access_token?: string }>('/api/token', {}, { timeout: 20_000, withCredentials: true })
        const token = response.data?.access_token ?? ''
        return { status: token ? response.status : 0, token }
      } catch {
        // docs/product.md#errors: a failed token fetch is status 0 and an empty token.
        return { status: 0, token: '' }
      }
    },
  }
}
