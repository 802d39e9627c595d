import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, matchRoutes, RouterContextProvider } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { deserializeErrors } from '../hydration.ts'
import { preloadRenderedSections } from '../lib/lazy-section.tsx'
import { createConsoleClient, fetchTransport } from './console-client.ts'
import { type ConsolePayload, ConsoleShellContext, consoleLoaderContext } from './console-state.ts'
import { createConsoleI18n } from './i18n.ts'
import { consoleRoutes } from './routes.ts'

/** The console's browser entry: a separate bundle that public pages never load. */
async function start() {
  const hydrationJson = document.getElementById('console-state')?.textContent ?? ''
  const payload = JSON.parse(hydrationJson) as ConsolePayload
  const i18n = createConsoleI18n(payload.language, payload.messages, (key) => console.error(`Missing translation: ${key}`))

  // Lazy modules of the routes on screen must be in place before hydrating.
  const matches = matchRoutes(consoleRoutes, window.location) ?? []
  await Promise.all(
    matches.map(async (match) => {
      if (typeof match.route.lazy !== 'function') return
      Object.assign(match.route, { ...(await match.route.lazy()), lazy: undefined })
    }),
  )
  // And the parts of the screen that load on their own (docs/CONVENTIONS.md#lazy-sections).
  await preloadRenderedSections(document)

  const client = createConsoleClient(fetchTransport)
  const context = new RouterContextProvider()
  context.set(consoleLoaderContext, { client })
  const router = createBrowserRouter(consoleRoutes, {
    hydrationData: { loaderData: payload.loaderData, actionData: payload.actionData, errors: deserializeErrors(payload.errors) },
    getContext: () => context,
  })
  startTransition(() => {
    hydrateRoot(
      document,
      <ConsoleShellContext.Provider value={{ site: payload.site, language: payload.language, assets: payload.assets, hydrationJson, client }}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </ConsoleShellContext.Provider>,
    )
  })
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start(), { once: true })
else void start()
