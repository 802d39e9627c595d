import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import { loaderContext, type LoaderContextValue } from '../app-state.ts'

/** What a screen module (src/routes/<screen>/route.tsx or src/routes/<feature>/<screen>/route.tsx) exports. */
export interface ScreenModule {
  loader?: RouteObject['loader']
  action?: RouteObject['action']
  Component: NonNullable<RouteObject['Component']>
  ErrorBoundary?: RouteObject['ErrorBoundary']
  shouldRevalidate?: RouteObject['shouldRevalidate']
}

/** Static facts about a route, known before its module loads (used for preloading and the header). */
export interface ScreenHandle {
  screen: string
  /** Translation namespaces besides `common`. */
  ns: string[]
  /** docs/product.md#header: app web-view pages hide the mobile search and user icons. */
  h5?: boolean
  /** Personal pages (account, checkout): never stored in the page cache or a CDN, `noindex`. */
  private?: boolean
}

type NamespaceLoader = (namespaces: string[]) => Promise<void>
let namespaceLoader: NamespaceLoader = async () => {}

/** The browser entry installs a loader that fetches a language's namespaces; the server has them all. */
export function setNamespaceLoader(loader: NamespaceLoader): void {
  namespaceLoader = loader
}

/** Namespaces a part of a screen needs only once opened (a form behind a button), through the same loader. */
export const loadNamespaces = (namespaces: string[]): Promise<void> => namespaceLoader(namespaces)

/**
 * Screens are `src/routes/<screen>/route.tsx`, or inside a feature folder
 * `src/routes/<feature>/<screen>/route.tsx` (the checkout's screens); the name is the path between.
 */
const modules = import.meta.glob<ScreenModule>(['./*/route.tsx', './*/*/route.tsx'])

export function screenModulePath(screen: string): string {
  return `src/routes/${screen}/route.tsx`
}

/** A lazily loaded screen: its code and its translations arrive together. */
export function screen(name: string, options: { ns?: string[]; h5?: boolean; private?: boolean } = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = modules[`./${name}/route.tsx`]
  if (!load) throw new Error(`no screen module src/routes/${name}/route.tsx`)
  const handle: ScreenHandle = { screen: name, ns: options.ns ?? [], ...(options.h5 ? { h5: true } : {}), ...(options.private ? { private: true } : {}) }
  return {
    handle,
    lazy: async () => {
      const [module] = await Promise.all([load(), handle.ns.length ? namespaceLoader(handle.ns) : undefined])
      return module as never
    },
  }
}

/** Loaders reach the gateway and the site state only through the router context. */
export function loaderContextOf(args: Pick<LoaderFunctionArgs, 'context'>): LoaderContextValue {
  return args.context.get(loaderContext)
}

/** The same as loaderContextOf; the lint treats `use*` names as hooks, so prefer loaderContextOf. */
export const useLoaderContext = loaderContextOf
