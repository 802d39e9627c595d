import type { ExhibitionListQuery } from '../../api/exhibitions.ts'
import { EXHIBITION_STATES, EXHIBITION_TYPES, type ExhibitionState, type ExhibitionType, REGIONS, type Region } from '../../../shared/rules/exhibitions.ts'

export interface Filters {
  year?: number
  region?: Region
  state?: ExhibitionState
  type?: ExhibitionType
}

/** How many pages the address may ask for at once (`?page=N` shows pages 1..N). */
export const MAX_PAGES = 10

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value && (list as readonly string[]).includes(value) ? (value as T) : undefined

/**
 * The filters of a shared address. Anything that is not a known value is dropped (an old or
 * mistyped link shows the whole list rather than an error).
 */
export function readFilters(params: URLSearchParams): { filters: Filters; page: number } {
  const filters: Filters = {}
  const year = params.get('year')
  if (year && /^(19|20|21)\d{2}$/.test(year)) filters.year = Number(year)
  const region = oneOf(REGIONS, params.get('region'))
  if (region) filters.region = region
  const state = oneOf(EXHIBITION_STATES, params.get('state'))
  if (state) filters.state = state
  const type = oneOf(EXHIBITION_TYPES, params.get('type'))
  if (type) filters.type = type
  const pageText = params.get('page')
  const page = pageText && /^\d{1,3}$/.test(pageText) ? Math.min(MAX_PAGES, Math.max(1, Number(pageText))) : 1
  return { filters, page }
}

/** The address of a filtered list, in a stable order, without empty values (shareable). */
export function filterSearch(filters: Filters, page = 1): string {
  const params = new URLSearchParams()
  if (filters.year) params.set('year', String(filters.year))
  if (filters.region) params.set('region', filters.region)
  if (filters.state) params.set('state', filters.state)
  if (filters.type) params.set('type', filters.type)
  if (page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export function hasFilters(filters: Filters): boolean {
  return Boolean(filters.year || filters.region || filters.state || filters.type)
}

export function queryOf(filters: Filters, page: number, pageSize: number): ExhibitionListQuery {
  return { ...filters, page, pageSize }
}
