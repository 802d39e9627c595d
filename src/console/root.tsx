import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, type LoaderFunctionArgs, Outlet, redirect, useRouteError } from 'react-router'
import { me, type StaffMember } from '../api/console.ts'
import { GatewayError } from '../api/gateway-error.ts'
import { ERROR_CODES } from '../../shared/functions/gateway.ts'
import { OriginNotice } from './shell/origin-notice.tsx'
import { type ConsoleRootData, consoleLoaderContext, useConsoleShell } from './console-state.ts'
import { guestLanguage, htmlLangOf, LANGUAGE_COOKIE } from './i18n.ts'
import { readRequestCookie } from './lib/cookies.ts'
import { CONSOLE_HOME, isOpenPath, SIGN_IN_PATH, safeNextPath, signInPathFrom } from './lib/paths.ts'
import { landingFor } from './sections.ts'
import { ErrorPanel } from './ui/panel.tsx'
import '../styles/global.css'
import './console.css'
import { errorStatusOf } from '../lib/unavailable.ts'

/**
 * Who is signed in decides everything else: without a session only sign-in and set-up open (the
 * rest redirects here, on the server, before anything renders); with one, sign-in moves on.
 */
export async function consoleRootLoader(args: LoaderFunctionArgs): Promise<ConsoleRootData> {
  const url = new URL(args.request.url)
  let member: StaffMember | null = null
  try {
    member = (await args.context.get(consoleLoaderContext).client.call(me, {})).member
  } catch (error) {
    if (!(error instanceof GatewayError && error.errorCode === ERROR_CODES.token)) throw error
  }
  if (!member && !isOpenPath(url.pathname)) throw redirect(signInPathFrom(url))
  if (member && url.pathname === SIGN_IN_PATH) throw redirect(safeNextPath(url.searchParams.get('next')))
  if (member && url.pathname === CONSOLE_HOME && landingFor(member.roles) !== CONSOLE_HOME) throw redirect(landingFor(member.roles))
  const language = member?.language ?? guestLanguage(readRequestCookie(args.request, LANGUAGE_COOKIE), args.request.headers.get('accept-language'))
  return { member, language }
}

/** The whole document is React's; every console page is personal and never indexed. */
function ConsoleDocument({ children }: { children: ReactNode }) {
  const { language, assets, hydrationJson } = useConsoleShell()
  // Browser tests wait for this mark before interacting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang={htmlLangOf(language)} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.entry ? <link rel="modulepreload" href={assets.entry} /> : null}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <OriginNotice />
        {children}
        <script id="console-state" type="application/json" dangerouslySetInnerHTML={{ __html: hydrationJson }} />
        {assets.entry ? <script type="module" src={assets.entry} async /> : null}
      </body>
    </html>
  )
}

export function ConsoleRoot() {
  return (
    <ConsoleDocument>
      <Outlet />
    </ConsoleDocument>
  )
}

/** An error above the shell (the platform unreachable while asking who is signed in). */
export function ConsoleRootError() {
  const error = useRouteError()
  const { t } = useTranslation()
  const status = errorStatusOf(error, isRouteErrorResponse)
  return (
    <ConsoleDocument>
      <main id="main" className="console-standalone">
        <title>{t('brand')}</title>
        <ErrorPanel status={status} />
      </main>
    </ConsoleDocument>
  )
}
