import type { LoaderFunctionArgs } from 'react-router'
import { type ExhibitorSummary, myExhibitors } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { leadWebhook, type WebhookView } from '../../api/lead-webhooks.ts'
import { currentUser } from '../../components/account-menu/user-store.ts'
import { loaderContextOf } from '../route-kit.ts'

export type CrmLoad =
  | { kind: 'login' }
  | { kind: 'choose'; items: ExhibitorSummary[] }
  | { kind: 'missing' }
  | { kind: 'adminsOnly'; exhibitor: ExhibitorSummary | null }
  | { kind: 'webhook'; exhibitor: ExhibitorSummary | null; view: WebhookView }

const refused = (error: unknown, ...codes: number[]) => error instanceof GatewayError && codes.includes(error.errorCode)

/** The CRM webhook page's data (docs/product.md#lead-webhooks): personal, for the admins of the exhibitor `?id=` names. */
export async function loadCrm(args: LoaderFunctionArgs): Promise<CrmLoad> {
  const { gateway, site } = loaderContextOf(args)
  const signal = args.request.signal
  if (!currentUser(site)) return { kind: 'login' }
  try {
    const mine = (await gateway.call(myExhibitors, {}, { signal })).items
    const id = Number(new URL(args.request.url).searchParams.get('id'))
    const admins = mine.filter((item) => item.role === 'admin')
    if (!Number.isSafeInteger(id) || id <= 0) return { kind: 'choose', items: admins }
    const exhibitor = mine.find((item) => item.id === id) ?? null
    try {
      return { kind: 'webhook', exhibitor, view: await gateway.call(leadWebhook, { exhibitorId: id }, { signal }) }
    } catch (error) {
      if (refused(error, 403)) return { kind: 'adminsOnly', exhibitor }
      if (refused(error, 400, 404)) return { kind: 'missing' }
      throw error
    }
  } catch (error) {
    if (refused(error, 401)) return { kind: 'login' }
    throw error
  }
}
