import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router'
import type { DocumentAssets, SiteState } from './app-state.ts'

/** Everything the browser needs to hydrate, carried in <script id="app-state" type="application/json">. */
export interface HydrationPayload {
  site: SiteState
  assets: DocumentAssets
  namespaces: string[]
  /** Where every translation file of the page's locale is, by namespace (built module URLs). */
  localeChunks: Record<string, string>
  loaderData: Record<string, unknown>
  actionData: Record<string, unknown> | null
  errors: Record<string, SerializedError> | null
}

type SerializedError = { kind: 'response'; status: number; statusText: string; data: unknown } | { kind: 'error' }

/** Route errors cross as plain data; an Error's message stays on the server (it may hold internals). */
export function serializeErrors(errors: Record<string, unknown> | null): Record<string, SerializedError> | null {
  if (!errors) return null
  const result: Record<string, SerializedError> = {}
  for (const [routeId, error] of Object.entries(errors)) {
    result[routeId] = isRouteErrorResponse(error)
      ? { kind: 'response', status: error.status, statusText: error.statusText, data: error.data ?? null }
      : { kind: 'error' }
  }
  return result
}

export function deserializeErrors(errors: Record<string, SerializedError> | null): Record<string, unknown> | null {
  if (!errors) return null
  const result: Record<string, unknown> = {}
  for (const [routeId, error] of Object.entries(errors)) {
    result[routeId] = error.kind === 'response' ? new ErrorResponseImpl(error.status, error.statusText, error.data) : new Error('')
  }
  return result
}
