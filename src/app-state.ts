import { createContext as createReactContext, useContext } from 'react'
import { createContext as createRouterContext } from 'react-router'
import type { GatewayClient } from './api/client.ts'
import type { SiteState } from '../shared/contracts/site.ts'

/** What loaders need, set per request on the server and once in the browser. */
export interface LoaderContextValue {
  gateway: GatewayClient
  site: SiteState
}

export type { UserInfo } from '../shared/contracts/accounts.ts'
export type { PublicConfig, SiteState } from '../shared/contracts/site.ts'

export const loaderContext = createRouterContext<LoaderContextValue>()

/** Asset links the document must render, the same on server and client (no hydration mismatch). */
export interface DocumentAssets {
  stylesheets: string[]
  modulePreloads: string[]
  /** The browser entry module; null without a client build (integration tests). */
  entry?: string | null
}

export interface AppShellValue {
  site: SiteState
  assets: DocumentAssets
  /** The serialized hydration payload exactly as the server wrote it. */
  hydrationJson: string
  /** The page's gateway client; components call it from effects and event handlers only. */
  gateway: GatewayClient
}

export const AppShellContext = createReactContext<AppShellValue | null>(null)

export function useAppShell(): AppShellValue {
  const value = useContext(AppShellContext)
  if (!value) throw new Error('useAppShell outside AppShellContext')
  return value
}

export function useSite(): SiteState {
  return useAppShell().site
}

export function useGateway(): GatewayClient {
  return useAppShell().gateway
}
