import { createContext as createReactContext, useContext } from 'react'
import { createContext as createRouterContext } from 'react-router'
import type { GatewayClient } from './api/client.ts'
import type { Locale, UrlLanguage } from './i18n/languages.ts'

/** The browser-visible configuration (server/config.ts `publicConfig`); never a secret. */
export interface PublicConfig {
  brandName: string
  contactEmail: string
  qaEmail: string
  socialLinks: Array<{ name: string; url: string }>
  publicOrigin: string
  languages: UrlLanguage[]
  brokerSiteUrl: string | null
  gatewayUrl: string | null
  loginOrigin: string
  environment: string
  uploadMaxMb: number
  analyticsScriptUrl: string | null
  tagScriptUrl: string | null
  tcPlay: { licenceKey: string | null; licenceURL: string | null }
}

export interface UserInfo {
  userId: string
  avatar: string | null
  nick: string
}

/**
 * SPEC §3 global state, made per request on the server and handed to the browser. It goes into
 * cacheable HTML, so it holds only what the page cache keys on (language, device class, notice
 * state) and what every visitor shares; per-visitor values (IP, country, token) travel elsewhere.
 */
export interface SiteState {
  lang: UrlLanguage
  locale: Locale
  htmlLang: string
  /** Live URL languages (SPEC §3 langList). */
  languages: UrlLanguage[]
  config: PublicConfig
  /** SPEC §9 mobile detection from the user agent. */
  mobile: boolean
  /** SPEC §4 China notice: shown when true. */
  riskShow: boolean
  nodeEnv: string
  /** Only on uncached pages of a logged-in visitor. */
  user: UserInfo | null
}

/** What loaders need, set per request on the server and once in the browser. */
export interface LoaderContextValue {
  gateway: GatewayClient
  site: SiteState
}

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
