import type { GatewayClient, GatewayClientOptions } from './client.ts'

/**
 * The browser's gateway client, with axios loaded on the first call rather than with the page: no
 * call happens before hydration (loaders' data comes with the page), so the HTTP library is off the
 * critical path of every first visit (docs/product.md#performance). Same client, same rules.
 */
export function createLazyGatewayClient(options: Omit<GatewayClientOptions, 'tokens' | 'adapter'>): GatewayClient {
  let client: Promise<GatewayClient> | null = null
  const load = () => {
    client ??= Promise.all([import('./client.ts'), import('./browser-tokens.ts')]).then(([{ createGatewayClient }, { createBrowserTokenSource }]) =>
      createGatewayClient({ ...options, tokens: createBrowserTokenSource() }),
    )
    return client
  }
  return {
    async call(ref, payload, callOptions) {
      return (await load()).call(ref, payload, callOptions)
    },
  }
}
