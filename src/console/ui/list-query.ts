/**
 * A console list's search and filters as they sit in the page's address, so a filtered page can be
 * bookmarked, reloaded and shared. A screen names each filter once (its key, its query parameter and
 * what it accepts); reading the address and writing another page's address come from that one list,
 * so the two cannot drift apart. Anything the address holds that a filter does not accept reads as
 * "not set", never as an error page.
 */

/** What a filter accepts from the address: the value, or '' for "not set". */
export type ParamRule<V extends string = string> = (raw: string) => V | ''

/**
 * How the list's filters form (ui/list-filters.tsx) shows a filter: the search box, the exhibition
 * choice, a choice of values (each worded by its key under `option`) or of options the page's data gives
 * (members, functions), a day. The form's label and "any" are keys under the list's words.
 */
export type FilterField =
  | { kind: 'search'; maxLength: number }
  | { kind: 'exhibition' }
  | { kind: 'choice'; label: string; any: string; values?: readonly string[]; option?: string }
  | { kind: 'day' }

export interface FilterParam<V extends string = string, P = unknown> {
  /** The query parameter (`q`, `exhibition`, `status`...). */
  param: string
  rule: ParamRule<V>
  /** What the list call gets for a set value (a number for an id, say); the value itself when left out. */
  send?(value: V): P
  /** Its place in the filters form; without one the address holds it but the form does not (a keyset pager's place). */
  field?: FilterField
}

/** A filter the form shows: its key in the filters, its query parameter, how it is shown. */
export interface FormField {
  key: string
  param: string
  field: FilterField
}

// biome-ignore lint/suspicious/noExplicitAny: a filter's value and what it sends differ per filter
type Spec = Record<string, FilterParam<any, any>>

/** The filters a spec reads: each value accepted or '', and the page (1 when the address has none or a wrong one). */
export type FiltersOf<S extends Spec> = { page: number } & { [K in keyof S]: S[K] extends FilterParam<infer V> ? V | '' : string }

/** The filters of a list query, for a screen's types. */
export type FiltersOfQuery<Q> = Q extends ListQuery<infer S> ? FiltersOf<S> : never

/** What a filter puts into the list call: what its `send` makes of the value, or the value. */
type SentOf<F> = F extends { send(value: never): infer P } ? Exclude<P, ''> : F extends FilterParam<infer V> ? V : never

/** The list call's payload: the page, its size, and the filters that are set. */
export type PayloadOf<S extends Spec> = { page: number; pageSize: number } & { [K in keyof S]?: SentOf<S[K]> }

export interface ListQuery<S extends Spec> {
  /** The filters the form shows, in the spec's order (ui/list-filters.tsx draws them from it). */
  fields: readonly FormField[]
  filtersFrom(params: URLSearchParams): FiltersOf<S>
  /** The address of another page of the same filtered list (`?` for the first page unfiltered). */
  pageHref(filters: FiltersOf<S>, page: number): string
  /** The list call's payload: only what is set, so the platform applies no filter that is not . */
  payload(filters: FiltersOf<S>): PayloadOf<S>
}

/** One of a fixed set of values. */
export const oneOf =
  <T extends string>(values: readonly T[]): ParamRule<T> =>
  (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : ''

/** Free text, cut at the platform's limit. */
export const text =
  (maxLength: number): ParamRule =>
  (raw) =>
    raw.slice(0, maxLength)

/** A row id: digits only, at most `maxDigits` of them (a bigger one reads as not set rather than as a refused call). */
export const digits =
  (maxDigits = Number.POSITIVE_INFINITY): ParamRule =>
  (raw) =>
    /^\d+$/.test(raw) && raw.length <= maxDigits ? raw : ''

/** A yyyy-mm-dd day that exists. */
export const day: ParamRule = (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : '')

/** Whatever the address says (the platform checks it). */
export const anything: ParamRule = (raw) => raw

/** The free-text search box (`q`), sent without the spaces around it. */
export const searchFilter = (maxLength: number) => ({
  param: 'q',
  rule: text(maxLength),
  send: (value: string) => value.trim(),
  field: { kind: 'search', maxLength } as const,
})

/** The exhibition choice (`exhibition`): its id, sent as a number; the form's options are the exhibitions the page's data lists. */
export const exhibitionFilter = (maxDigits?: number) => ({ param: 'exhibition', rule: digits(maxDigits), send: Number, field: { kind: 'exhibition' } as const })

/**
 * One of a fixed set of values (`kind`, `status`): the same values are what the address accepts and what
 * the form offers, each worded by its key under `option` (`kinds` for `applications.kinds.exhibitor`).
 */
export const choiceFilter = <const T extends string>(param: string, values: readonly T[], words: { label: string; any: string; option: string }) => ({
  param,
  rule: oneOf(values),
  field: { kind: 'choice', values, ...words } as const,
})

/** A yyyy-mm-dd day (`from`, `to`), labelled in the form by the key of its parameter; `send` makes the call's form of it. */
export const dayFilter = <P = string>(param: string, send?: (value: string) => P) => ({
  param,
  rule: day,
  field: { kind: 'day' } as const,
  ...(send ? { send } : {}),
})

/** The page asked for, or 1; `maxPage` caps what an address may ask (a larger one is page 1). */
export function pageFrom(params: URLSearchParams, maxPage = Number.POSITIVE_INFINITY): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 0 && page <= maxPage ? page : 1
}

/** A query string for the address: `?` alone when nothing is set, so a link still lands on the list itself. */
export function queryHref(params: URLSearchParams): string {
  const query = params.toString()
  return query ? `?${query}` : '?'
}

export function listQuery<const S extends Spec>(spec: S, options: { pageSize: number; maxPage?: number }): ListQuery<S> {
  const entries = Object.entries(spec)
  return {
    fields: entries.flatMap(([key, { param, field }]) => (field ? [{ key, param, field }] : [])),
    filtersFrom(params) {
      const filters: Record<string, string | number> = {}
      for (const [key, { param, rule }] of entries) filters[key] = rule(params.get(param) ?? '')
      filters.page = pageFrom(params, options.maxPage)
      return filters as FiltersOf<S>
    },
    pageHref(filters, page) {
      const params = new URLSearchParams()
      for (const [key, { param }] of entries) {
        const value = (filters as Record<string, unknown>)[key]
        if (typeof value === 'string' && value) params.set(param, value)
      }
      if (page > 1) params.set('page', String(page))
      return queryHref(params)
    },
    payload(filters) {
      const sent: Record<string, unknown> = {}
      for (const [key, { send }] of entries) {
        const value = (filters as Record<string, unknown>)[key]
        if (value !== '') sent[key] = send ? send(value) : value
      }
      return { page: filters.page, pageSize: options.pageSize, ...onlySet(sent) } as PayloadOf<S>
    },
  }
}

/** A payload with only what is set: '' and undefined leave their key out, so the platform applies no such filter. */
export function onlySet<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], '' | undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '' && value !== undefined)) as never
}
