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
} as const

/** docs/product.md#china-notice: China pass: 5 clicks within 30 s; cookie valid 720 minutes. */
export const CHINA_PASS = { clicks: 5, windowMs: 30_000, cookieMinutes: 720 } as const
