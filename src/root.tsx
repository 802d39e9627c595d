import { type ReactNode, useEffect } from 'react'
import { data, isRouteErrorResponse, type LoaderFunctionArgs, Outlet, useLocation, useRouteError, useRouteLoaderData } from 'react-router'
import { type LanguageOption, languageList } from './api/reference.ts'
import { useAppShell, useSite } from './app-state.ts'
import { ErrorPage } from './components/error-page/error-page.tsx'
import { LoadFailedPage } from './components/route-effects/load-failed.tsx'
import { RouteEffects } from './components/route-effects/route-effects.tsx'
import { ScrollMemory } from './components/route-effects/scroll-memory.tsx'
import { ToastProvider } from './components/toast/toast.tsx'
import { isUrlLanguage, LANGUAGE_INFO, REQUIRED_URL_LANGUAGES } from '../shared/languages.ts'
import { isChunkLoadFailure } from './lib/chunk-reload.ts'
import { errorStatusOf } from './lib/unavailable.ts'
import { loaderContextOf } from './routes/route-kit.ts'
import './styles/global.css'

export interface RootData {
  /** docs/product.md#site-state langList: the live languages from the platform, or the fallback list when that call fails. */
  languages: LanguageOption[]
}

export async function rootLoader(args: LoaderFunctionArgs): Promise<RootData> {
  // Express only lets live languages through; anything else here is a bug or a forged request.
  if (!args.params.lang || !isUrlLanguage(args.params.lang)) throw data(null, { status: 404 })
  const { gateway } = loaderContextOf(args)
  try {
    return { languages: await gateway.call(languageList, {}) }
  } catch {
    return { languages: FALLBACK_LANGUAGES }
  }
}

/** docs/product.md#site-state: langList falls back to en, zh-cn, zh. */
const FALLBACK_LANGUAGES: LanguageOption[] = REQUIRED_URL_LANGUAGES.map((code) => ({
  Language: LANGUAGE_INFO[code].nativeName,
  LanguageCode: code,
  Flag: `/flags/3x2/${LANGUAGE_INFO[code].flagCountry}.svg`,
  CountryCode: LANGUAGE_INFO[code].countryCode,
}))

export function useLanguageOptions(): LanguageOption[] {
  return (useRouteLoaderData('root') as RootData | undefined)?.languages ?? FALLBACK_LANGUAGES
}

/** The whole HTML document is React's, so React 19 hoists each screen's <title> and <meta> into <head>. */
function Document({ children }: { children: ReactNode }) {
  const { site, assets, hydrationJson } = useAppShell()
  // Browser tests wait for this mark before interacting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang={site.htmlLang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b1f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/site.webmanifest" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* Scripts only make a server-rendered page interactive: on a slow network they must not take
            the bandwidth the stylesheets and the first image need for the first paint. */}
        {assets.entry ? <link rel="modulepreload" href={assets.entry} fetchPriority="low" /> : null}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
        <LanguageAlternates />
      </head>
      <body className={site.riskShow ? 'is-locked' : undefined}>
        <ToastProvider>{children}</ToastProvider>
        <script id="app-state" type="application/json" dangerouslySetInnerHTML={{ __html: hydrationJson }} />
        {assets.entry ? <script type="module" src={assets.entry} async /> : null}
      </body>
    </html>
  )
}

/** Canonical link and hreflang alternates for every live language plus x-default (SEO). */
function LanguageAlternates() {
  const site = useSite()
  const { pathname } = useLocation()
  const rest = pathname.replace(/^\/[^/]+/, '')
  const origin = site.config.publicOrigin
  return (
    <>
      <link rel="canonical" href={`${origin}/${site.lang}${rest}`} />
      {site.languages.map((language) => (
        <link key={language} rel="alternate" hrefLang={LANGUAGE_INFO[language].htmlLang} href={`${origin}/${language}${rest}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}/en${rest}`} />
    </>
  )
}

export function RootDocument() {
  return (
    <Document>
      <Outlet />
      <ScrollMemory />
      <RouteEffects />
    </Document>
  )
}

/**
 * Any error below the root ends here: the error page in the empty layout (docs/product.md#error-pages),
 * or, when a screen's code could not be loaded even after a reload, a way to load the page again.
 */
export function RootErrorBoundary() {
  const error = useRouteError()
  const status = errorStatusOf(error, isRouteErrorResponse)
  return <Document>{isChunkLoadFailure(error) ? <LoadFailedPage /> : <ErrorPage status={status} />}</Document>
}
