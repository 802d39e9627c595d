/** Cookies shared by the server and the browser. */
export const COOKIES = {
  /** docs/product.md#access-token: the visitor's access token, 3600 s; read by the gateway client in the browser. */
  accessToken: 'access_token',
  /** docs/product.md#china-notice: holding it hides the China notice; set after five clicks, valid 720 minutes. */
  chinaPass: 'cn_notice_pass',
  /** docs/product.md#headers BasicData: the device fingerprint. */
  fingerprint: 'basic_data',
  /** The login cookie (HttpOnly): a request carrying it is personal and never served from a shared cache. */
  login: 'expo_login',
  /** The language a visitor picked in the language menu, honoured on `/` and unprefixed paths. */
  language: 'expo_lang',
} as const

/**
 * The language menu's links go through this server route, which remembers the choice and redirects
 * to `to`. Only a pick in the menu sets the cookie: a shared /en/... link never changes a visitor's choice.
 */
export const LANGUAGE_CHOICE_PATH = '/api/language'

/** The menu link for `target`, a same-site path that starts with the picked language (`/es/about.html?x=1`). */
export function languageChoiceHref(target: string): string {
  return `${LANGUAGE_CHOICE_PATH}?${new URLSearchParams({ to: target }).toString()}`
}

/** docs/product.md#china-notice: China pass: 5 clicks within 30 s; cookie valid 720 minutes. */
export const CHINA_PASS = { clicks: 5, windowMs: 30_000, cookieMinutes: 720 } as const
