import { I18nextProvider } from 'react-i18next'
import { type PipeableStream, renderToPipeableStream, renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from 'react-router'
import { createGatewayClient, GatewayError, type GatewayHeaderValues, type GatewayTransport, type TokenSource } from './api/client.ts'
import { ERROR_CODES, type Envelope } from '../shared/functions/gateway.ts'
import { AppShellContext, loaderContext, type DocumentAssets, type SiteState } from './app-state.ts'
import { serializeErrors, type HydrationPayload } from './hydration.ts'
import { serverI18n } from './i18n/server-resources.ts'
import { serializeForScript } from './lib/serialize.ts'
import { answerUnavailableAs503 } from './lib/unavailable.ts'
import type { ScreenHandle } from './routes/route-kit.ts'
import { routes } from './routes/index.ts'

/** A platform request as the embedded platform takes it (server/platform/gateway.ts PlatformRequest). */
export interface InProcessRequest {
  method: string
  path: string
  headers: Record<string, string | undefined>
  query: Record<string, unknown>
  body: unknown
  ip: string
  requestId: string
  trustedServer: true
}

export interface InProcessResponse {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** Which files a page needs, from Vite's manifest (server/http/assets.ts). */
export interface AssetResolver {
  /** The browser entry, or null when no client build exists (integration tests). */
  bootstrapModule: string | null
  forPage(screens: string[], locale: string, namespaces: string[]): DocumentAssets
  /** Module URL of every translation file of a locale, by namespace. */
  localeChunks(locale: string): Record<string, string>
}

export interface RenderInput {
  request: Request
  site: SiteState
  /** The embedded platform, called in-process (no loopback hop), or null to use HTTP. */
  dispatch: ((request: InProcessRequest) => Promise<InProcessResponse>) | null
  gatewayBaseUrl: string
  tokens: TokenSource
  headerValues: GatewayHeaderValues
  requestId: string
  assets: AssetResolver
  /** Crawlers get the whole document at once (onAllReady); people get the shell first. */
  crawler: boolean
  onError: (error: unknown) => void
  onMissingKey: (key: string) => void
}

export type RenderOutput =
  | { kind: 'response'; response: Response }
  | {
      kind: 'document'
      status: number
      /** A matched route is personal (ScreenHandle.private), or a loader answered `Cache-Control: private`: never cache the page. */
      personal: boolean
      /** A gateway call of the render found the platform's database away (503): the page shows less than it should, so no cache may keep it. */
      degraded?: boolean
      /** The whole document at once; throws if even the error page fails. */
      renderToString(): string
      /**
       * Starts React; `onReady` fires when the first bytes may be sent. `nonce` marks React's own inline
       * scripts (the ones that put a part streamed after the shell in its place) as the CSP allows.
       */
      start(handlers: { onReady(stream: PipeableStream): void; onShellError(error: unknown): void; nonce: string }): PipeableStream
    }

// One handler for the process: it holds no request state (requestContext is passed per query).
const handler = createStaticHandler(routes)

function inProcessTransport(dispatch: NonNullable<RenderInput['dispatch']>, ip: string, requestId: string, onUnavailable: () => void): GatewayTransport {
  return async ({ method, path, headers, payload, signal }) => {
    if (signal?.aborted) throw new GatewayError(0, 'errors.cancelled', null)
    // Lower-case names, as node:http gives them to the platform.
    const lowerCased: Record<string, string> = {}
    for (const [name, value] of Object.entries(headers)) lowerCased[name.toLowerCase()] = value
    const response = await dispatch({
      method,
      path,
      headers: lowerCased,
      query: method === 'GET' ? ((payload ?? {}) as Record<string, unknown>) : {},
      // A copy as JSON would carry it over HTTP: the platform never shares objects with a page's loader.
      body: method === 'POST' ? JSON.parse(JSON.stringify(payload ?? {})) : {},
      ip,
      requestId,
      trustedServer: true,
    })
    if (response.status === ERROR_CODES.unavailable) onUnavailable()
    return { status: response.status, data: response.body as Envelope }
  }
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  const { site } = input
  let degraded = false
  const gateway = createGatewayClient({
    baseURL: input.gatewayBaseUrl,
    ...(input.dispatch
      ? {
          transport: inProcessTransport(input.dispatch, input.headerValues.userIp ?? '', input.requestId, () => {
            degraded = true
          }),
        }
      : {}),
    headers: () => input.headerValues,
    tokens: input.tokens,
  })
  const requestContext = new RouterContextProvider()
  requestContext.set(loaderContext, { gateway, site })

  const context = await handler.query(input.request, { requestContext })
  if (context instanceof Response) return { kind: 'response', response: context }
  answerUnavailableAs503(context)

  const handles = context.matches.map((match) => match.route.handle as ScreenHandle | undefined).filter((handle): handle is ScreenHandle => Boolean(handle))
  const namespaces = ['common', ...new Set(handles.flatMap((handle) => handle.ns))]
  const assets = {
    ...input.assets.forPage(
      handles.map((handle) => handle.screen),
      site.locale,
      namespaces,
    ),
    entry: input.assets.bootstrapModule,
  }
  const payload: HydrationPayload = {
    site,
    assets,
    namespaces,
    localeChunks: input.assets.localeChunks(site.locale),
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  }
  const hydrationJson = serializeForScript(payload)
  const i18n = serverI18n(site.locale, (key) => input.onMissingKey(`${site.locale} ${key}`))
  const router = createStaticRouter(handler.dataRoutes, context)

  const tree = (
    <AppShellContext.Provider value={{ site, assets, hydrationJson, gateway }}>
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </AppShellContext.Provider>
  )
  return {
    kind: 'document',
    status: context.statusCode,
    degraded,
    personal:
      handles.some((handle) => handle.private) ||
      Object.values(context.loaderHeaders).some((headers) => /\bprivate\b|\bno-store\b/.test(headers.get('Cache-Control') ?? '')),
    renderToString() {
      // React's stream renderer costs about three times the CPU of renderToString for the same page
      // (docs/product.md#performance): a page that will be cached or read whole by a crawler
      // gains nothing from streaming.
      return `<!DOCTYPE html>${renderToString(tree)}`
    },
    start({ onReady, onShellError, nonce }) {
      const stream: PipeableStream = renderToPipeableStream(tree, {
        nonce,
        onShellReady() {
          if (!input.crawler) onReady(stream)
        },
        onAllReady() {
          if (input.crawler) onReady(stream)
        },
        onShellError,
        onError: input.onError,
      })
      return stream
    },
  }
}
