import type { LoaderFunctionArgs } from 'react-router'
import { type ExhibitorSummary, myExhibitors } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { type LeadListView, leadList } from '../../api/leads.ts'
import { currentUser } from '../../components/account-menu/user-store.ts'
import { loaderContextOf } from '../route-kit.ts'

export type LeadsLoad =
  | { kind: 'login' }
  | { kind: 'choose'; items: ExhibitorSummary[] }
  | { kind: 'missing' }
  | { kind: 'leads'; exhibitor: ExhibitorSummary | null; exhibitorId: number; list: LeadListView }

const refused = (error: unknown, ...codes: number[]) => error instanceof GatewayError && codes.includes(error.errorCode)

/** The leads page's data (docs/product.md#leads): personal, for the members of the exhibitor `?id=` names. */
export async function loadLeads(args: LoaderFunctionArgs): Promise<LeadsLoad> {
  const { gateway, site } = loaderContextOf(args)
  const signal = args.request.signal
  if (!currentUser(site)) return { kind: 'login' }
  try {
    const mine = (await gateway.call(myExhibitors, {}, { signal })).items
    const id = Number(new URL(args.request.url).searchParams.get('id'))
    if (!Number.isSafeInteger(id) || id <= 0) return { kind: 'choose', items: mine }
    try {
      const list = await gateway.call(leadList, { exhibitorId: id }, { signal })
      return { kind: 'leads', exhibitorId: id, exhibitor: mine.find((item) => item.id === id) ?? null, list }
    } catch (error) {
      if (refused(error, 400, 404)) return { kind: 'missing' }
      throw error
    }
  } catch (error) {
    if (refused(error, 401)) return { kind: 'login' }
    throw error
  }
}
