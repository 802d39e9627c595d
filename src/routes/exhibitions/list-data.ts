import type { ExhibitionCard, ExhibitionList } from '../../api/exhibitions.ts'
import type { GatewayError } from '../../api/gateway-error.ts'
import type { Filters } from './filters.ts'

export interface ListData {
  filters: Filters
  page: number
  items: ExhibitionCard[]
  total: number
  facets: ExhibitionList['facets']
  /** What went wrong (a translation key and its values), or null. */
  error: { code: string; values: Record<string, string | number> } | null
}

/** The key and the values of a failed call's message (e.g. the seconds of a rate limit). */
export function problemOf(error: unknown): { code: string; values: Record<string, string | number> } {
  const failure = error as GatewayError
  const data = (failure?.body as { data?: unknown } | null)?.data
  const values: Record<string, string | number> = {}
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) if (typeof value === 'string' || typeof value === 'number') values[key] = value
  }
  return { code: failure?.code ?? 'errors.unexpected', values }
}
