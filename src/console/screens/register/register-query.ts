import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-register.ts'
import { type ChannelState, REGISTER_LIMITS } from '../../../../shared/rules/console-register.ts'
import { CHANNEL_KINDS } from '../../../../shared/rules/verification.ts'
import { choiceFilter, listQuery, searchFilter } from '../../ui/list-query.ts'

export const REGISTER_VIEWS = ['channels', 'submissions', 'documents', 'lookups'] as const
export type RegisterView = (typeof REGISTER_VIEWS)[number]

interface Common {
  page: number
  pageSize: number
  search: string
}

export type RegisterData =
  | (Common & { view: 'channels'; kind: string; state: ChannelState; channels: z.output<typeof contracts.registerChannels.result> })
  | (Common & { view: 'documents'; documents: z.output<typeof contracts.registerDocuments.result> })
  | (Common & { view: 'lookups'; lookups: z.output<typeof contracts.registerLookups.result> })
  | (Common & { view: 'submissions'; submissions: z.output<typeof contracts.channelSubmissions.result> })

/** A view's address, with its filters; the first view has none of its own. */
export function viewHref(view: RegisterView, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams()
  if (view !== 'channels') query.set('view', view)
  for (const [name, value] of Object.entries(params)) if (value !== '' && !(name === 'page' && value === 1)) query.set(name, String(value))
  const text = query.toString()
  return text ? `?${text}` : '?'
}

/** The channels' states a filter names; none named shows them all. */
export const SHOWN_STATES = ['current', 'retired'] as const

/** The channels view's search and filters in the address (`q`, `kind`, `state`), as every console list reads them. */
export const channelQuery = listQuery(
  {
    search: searchFilter(REGISTER_LIMITS.search),
    kind: choiceFilter('kind', CHANNEL_KINDS, { label: 'kind', any: 'anyKind', option: 'kinds' }),
    state: choiceFilter('state', SHOWN_STATES, { label: 'state', any: 'states.all', option: 'states' }),
  },
  { pageSize: REGISTER_LIMITS.pageSizeDefault, maxPage: 100_000 },
)

export { localToday } from '../../lib/local-today.ts'
