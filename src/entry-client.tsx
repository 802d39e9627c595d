import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, matchRoutes, RouterContextProvider } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { createLazyGatewayClient } from './api/lazy-client.ts'
import { readCookie } from './lib/cookies.ts'
import { COOKIES } from '../shared/contracts/cookies.ts'
import { AppShellContext, loaderContext } from './app-state.ts'
import { deserializeErrors, type HydrationPayload } from './hydration.ts'
import { createI18n } from './i18n/instance.ts'
import { loadResources, setLocaleChunks } from './i18n/resources.ts'
import { installChunkReload } from './lib/chunk-reload.ts'
import { preloadRenderedSections } from './lib/lazy-section-preload.ts'
import { installPrefetch } from './lib/prefetch.ts'
import { routes } from './routes/index.ts'
import { setNamespaceLoader } from './routes/route-kit.ts'

installChunkReload()

async function start() {
  const hydrationJson = document.getElementById('app-state')?.textContent ?? ''
  const payload = JSON.parse(hydrationJson) as HydrationPayload
  const { site } = payload
  setLocaleChunks(payload.localeChunks)

  const i18n = createI18n(site.locale, await loadResources(site.locale, payload.namespaces, payload.localeChunks), payload.namespaces, (key) =>
    console.error(`Missing translation: ${site.locale} ${key}`),
  )
  setNamespaceLoader(async (namespaces) => {
    const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(site.locale, namespace))
    if (!missing.length) return
    const resources = await loadResources(site.locale, missing, payload.localeChunks)
    for (const [namespace, bundle] of Object.entries(resources[site.locale] ?? {})) {
      i18n.addResourceBundle(site.locale, namespace, bundle, true, true)
    }
  })

  // Lazy modules of the routes on screen must be in place before hydrating, or React would see
  // an empty outlet where the server rendered a page.
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async (match) => {
      if (typeof match.route.lazy !== 'function') return
      const module = await match.route.lazy()
      Object.assign(match.route, { ...module, lazy: undefined })
    }),
  )
  // So must the parts of those pages that load on their own (docs/CONVENTIONS.md#lazy-sections).
  await preloadRenderedSections(document)

  const gateway = createLazyGatewayClient({
    baseURL: site.config.gatewayUrl ?? '',
    headers: () => ({
      // The visitor's country is learnt later from the geo call; 156 is the docs/product.md#limits default.
      countryCode: sessionStorage.getItem('countryCode') ?? '156',
      languageCode: site.locale,
      environment: site.config.environment,
      fingerprint: readCookie(COOKIES.fingerprint),
    }),
  })
  const context = new RouterContextProvider()
  context.set(loaderContext, { gateway, site })

  const router = createBrowserRouter(routes, {
    hydrationData: {
      loaderData: payload.loaderData,
      actionData: payload.actionData,
      errors: deserializeErrors(payload.errors),
    },
    getContext: () => context,
  })

  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: taps and scrolls on a slow phone are answered while it runs.
  startTransition(() => {
    hydrateRoot(
      document,
      <AppShellContext.Provider value={{ site, assets: payload.assets, hydrationJson, gateway }}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </AppShellContext.Provider>,
    )
  })
  installPrefetch(routes)
}

// The entry is an async module script: from the browser cache it can run before the parser has
// reached the hydration data at the end of the body.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start(), { once: true })
else void start()
