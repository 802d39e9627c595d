import { type PipeableStream, renderToPipeableStream, renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createStaticHandler, createStaticRouter, RouterContextProvider, redirect, StaticRouterProvider } from 'react-router'
import type { ConsoleLanguage } from '../../shared/rules/console-access.ts'
import type { RenderInput, RenderOutput } from '../entry-server.tsx'
import { LANGUAGE_INFO } from '../../shared/languages.ts'
import { serializeErrors } from '../hydration.ts'
import { serializeForScript } from '../lib/serialize.ts'
import { answerUnavailableAs503 } from '../lib/unavailable.ts'
import { type ConsoleTransport, createConsoleClient } from './console-client.ts'
import { type ConsolePayload, type ConsoleRootData, ConsoleShellContext, consoleLoaderContext, ROOT_ROUTE_ID } from './console-state.ts'
import { consoleMessages, createConsoleI18n, guestLanguage, LANGUAGE_COOKIE, type Messages } from './i18n.ts'
import { readRequestCookie } from './lib/cookies.ts'
import { KIOSK_COOKIE, KIOSK_PATH } from './lib/kiosk.ts'
import { SIGN_IN_PATH } from './lib/paths.ts'
import { consoleRoutes } from './routes.ts'
import type { ConsoleScreenHandle } from './screen-kit.ts'

// One handler for the process: it holds no request state.
const handler = createStaticHandler(consoleRoutes)

/** Every console language's texts, made once per process (see consoleMessages). */
const screenTexts = import.meta.glob<Messages>('../../locales-console/*.json', { eager: true, import: 'default' })
const siteTexts = import.meta.glob<Messages>(['../../locales/*/common.json', '../../locales/*/console.json'], { eager: true, import: 'default' })
const messagesByLanguage = new Map<ConsoleLanguage, Messages>()
function messagesOf(language: ConsoleLanguage): Messages {
  let messages = messagesByLanguage.get(language)
  if (!messages) {
    const locale = LANGUAGE_INFO[language].locale
    messages = consoleMessages(
      screenTexts[`../../locales-console/${language}.json`] ?? {},
      siteTexts[`../../locales/${locale}/common.json`],
      siteTexts[`../../locales/${locale}/console.json`],
    )
    messagesByLanguage.set(language, messages)
  }
  return messages
}

/**
 * The member's own calls while their page renders: in-process to the embedded platform (no loopback
 * hop), carrying the page request's cookie (the staff session), the site's origin and the console
 * header, as the browser's calls do. With an external platform, the same over HTTP.
 */
function serverTransport(input: RenderInput): ConsoleTransport {
  const forwarded = {
    cookie: input.request.headers.get('cookie') ?? '',
    origin: input.site.config.publicOrigin,
    'user-agent': input.request.headers.get('user-agent') ?? '',
  }
  const { dispatch } = input
  if (!dispatch) {
    return async ({ path, headers, body }) => {
      const response = await fetch(new URL(path, input.gatewayBaseUrl), { method: 'POST', headers: { ...headers, ...forwarded }, body: JSON.stringify(body) })
      return { status: response.status, body: await response.json().catch(() => null) }
    }
  }
  return ({ path, headers, body }) =>
    dispatch({
      method: 'POST',
      path,
      headers: { ...headers, ...forwarded },
      query: {},
      body,
      ip: input.headerValues.userIp ?? '',
      requestId: input.requestId,
      trustedServer: true,
    })
}

/** The console's render, the same contract as the public one (src/entry-server.tsx), so server/http/ssr.ts serves both. */
export async function render(input: RenderInput): Promise<RenderOutput> {
  const client = createConsoleClient(serverTransport(input))
  const requestContext = new RouterContextProvider()
  requestContext.set(consoleLoaderContext, { client })

  // A device locked to a kiosk opens no other console page (docs/product.md#kiosk); sign-in stays open for a session that ended.
  const path = new URL(input.request.url).pathname
  if (path !== KIOSK_PATH && path !== SIGN_IN_PATH && readRequestCookie(input.request, KIOSK_COOKIE))
    return { kind: 'response', response: redirect(KIOSK_PATH) }

  const context = await handler.query(input.request, { requestContext })
  if (context instanceof Response) return { kind: 'response', response: context }
  answerUnavailableAs503(context)

  const root = context.loaderData[ROOT_ROUTE_ID] as ConsoleRootData | undefined
  const language = root?.language ?? guestLanguage(readRequestCookie(input.request, LANGUAGE_COOKIE), input.request.headers.get('accept-language'))
  const screens = context.matches.flatMap((match) => (match.route.handle as ConsoleScreenHandle | undefined)?.screen ?? [])
  const assets = { ...input.assets.forPage(screens, language, []), entry: input.assets.bootstrapModule }
  const messages = messagesOf(language)
  const payload: ConsolePayload = {
    site: input.site,
    language,
    assets,
    messages,
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  }
  const hydrationJson = serializeForScript(payload)
  const i18n = createConsoleI18n(language, messages, input.onMissingKey)
  const router = createStaticRouter(handler.dataRoutes, context)
  const tree = (
    <ConsoleShellContext.Provider value={{ site: input.site, language, assets, hydrationJson, client }}>
      <I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </ConsoleShellContext.Provider>
  )
  return {
    kind: 'document',
    status: context.statusCode,
    // Every console page is one member's: never cached, `private, no-store`.
    personal: true,
    renderToString: () => `<!DOCTYPE html>${renderToString(tree)}`,
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
