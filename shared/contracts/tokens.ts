/**
 * How the gateway client gets its access token: the browser from a cookie and POST /api/token
 * (src/api/browser-tokens.ts), the server's page rendering from the platform itself.
 */
export interface TokenResult {
  /** 0 when the token could not be fetched (docs/product.md#errors). */
  status: number
  token: string
}

export interface TokenSource {
  current(): string | undefined
  /** Obtains a new token (visitor or user) and stores it; never throws. */
  obtain(): Promise<TokenResult>
}
