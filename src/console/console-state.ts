import { createContext as createReactContext, useContext } from 'react'
import { createContext as createRouterContext, useRouteLoaderData } from 'react-router'
import type { StaffMember } from '../api/console.ts'
import type { ConsoleLanguage } from '../../shared/rules/console-access.ts'
import type { DocumentAssets, SiteState } from '../app-state.ts'
import type { serializeErrors } from '../hydration.ts'
import type { ConsoleClient } from './console-client.ts'
import type { Messages } from './i18n.ts'

/** What console loaders reach through the router context: the per-request (server) or per-page (browser) client. */
export interface ConsoleLoaderContext {
  client: ConsoleClient
}
export const consoleLoaderContext = createRouterContext<ConsoleLoaderContext>()

/** Everything the browser needs to hydrate a console page, in <script id="console-state" type="application/json">. */
export interface ConsolePayload {
  site: SiteState
  language: ConsoleLanguage
  assets: DocumentAssets
  /** The page's texts, in its language only: a few kilobytes, and never a second request before hydrating. */
  messages: Messages
  loaderData: Record<string, unknown>
  actionData: Record<string, unknown> | null
  errors: ReturnType<typeof serializeErrors>
}

export interface ConsoleShellValue {
  site: SiteState
  language: ConsoleLanguage
  assets: DocumentAssets
  hydrationJson: string
  /** Components call it from event handlers only; loaders use the router context. */
  client: ConsoleClient
}

export const ConsoleShellContext = createReactContext<ConsoleShellValue | null>(null)

export function useConsoleShell(): ConsoleShellValue {
  const value = useContext(ConsoleShellContext)
  if (!value) throw new Error('useConsoleShell outside ConsoleShellContext')
  return value
}

export const ROOT_ROUTE_ID = 'console-root'

export interface ConsoleRootData {
  /** null on the pages open without a session (sign-in, set-up). */
  member: StaffMember | null
  language: ConsoleLanguage
}

export function useConsoleRoot(): ConsoleRootData | undefined {
  return useRouteLoaderData(ROOT_ROUTE_ID) as ConsoleRootData | undefined
}

/** The signed-in member; only inside the shell, whose root loader has made sure there is one. */
export function useMember(): StaffMember {
  const member = useConsoleRoot()?.member
  if (!member) throw new Error('useMember without a signed-in member')
  return member
}
