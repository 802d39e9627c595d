import { createStore, get, set, type UseStore } from 'idb-keyval'
import { LEADS_DATABASE, LEADS_STORE } from './names.ts'
import type { LeadsDevice } from './queue.ts'

let store: UseStore | null = null
/** Opened on first use only: never while rendering on the server. */
function leadsStore(): UseStore {
  store ??= createStore(LEADS_DATABASE, LEADS_STORE)
  return store
}

/** One entry per account and exhibitor: a phone shared by two members, or by two exhibitors' teams, keeps each queue apart. */
const keyOf = (accountId: string, exhibitorId: number) => `${accountId}:${exhibitorId}`

export function readDevice(accountId: string, exhibitorId: number): Promise<LeadsDevice | undefined> {
  return get<LeadsDevice>(keyOf(accountId, exhibitorId), leadsStore())
}

export function writeDevice(device: LeadsDevice): Promise<void> {
  return set(keyOf(device.accountId, device.exhibitorId), device, leadsStore())
}
