import type { UserInfo } from '../../shared/contracts/accounts.ts'
import { SESSION_PATH } from '../../shared/rules/accounts.ts'

/**
 * docs/product.md#login `reload`: hands the login frame's value to the site's server, which checks it with
 * `usercenter$getuserfromcookie` and sets the HttpOnly login cookie. Null when it was refused
 * (docs/product.md#login: failures of the cookie-user lookup are not errors for the page).
 */
export async function startSession(loginValue: string): Promise<UserInfo | null> {
  try {
    // axios is loaded on demand: the account menu is on every page, the HTTP library need not be.
    const { default: axios } = await import('axios')
    const response = await axios.post<{ user?: UserInfo | null }>(SESSION_PATH, { cookie: loginValue }, { timeout: 20_000, withCredentials: true })
    return response.data?.user ?? null
  } catch {
    return null
  }
}

/** docs/product.md#login logout: the server revokes the session and removes the login cookie. */
export async function endSession(): Promise<boolean> {
  try {
    const { default: axios } = await import('axios')
    await axios.delete(SESSION_PATH, { timeout: 20_000, withCredentials: true })
    // The pages kept for offline use (orders, the lead scanner) hold this account's names and codes.
    const { forgetThisDevice } = await import('../lib/sign-out-guards.ts')
    await forgetThisDevice()
    return true
  } catch {
    return false
  }
}
