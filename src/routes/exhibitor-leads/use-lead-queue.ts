import { useCallback, useEffect, useRef, useState } from 'react'
import { GatewayError } from '../../api/gateway-error.ts'
import { type LeadListView, type LeadSyncAnswer, syncLeads } from '../../api/leads.ts'
import { useGateway } from '../../app-state.ts'
import {
  afterSync,
  judgeOnDevice,
  type LeadsDevice,
  nextBatch,
  type QueuedLead,
  qualifyQueued,
  queueScan,
  retryDelay,
  toPayload,
} from '../../lib/leads-offline/queue.ts'
import { readDevice, writeDevice } from '../../lib/leads-offline/store.ts'
import type { LeadRating, LeadSyncOutcome } from '../../../shared/rules/leads.ts'
import { verifyTicketCode } from '../../../shared/rules/ticket-code.ts'

/** The server cannot be reached (no network, the site down, a gateway in between failing): the scan waits on the phone. */
export function unreachable(error: unknown): boolean {
  if (!(error instanceof GatewayError)) return false
  if (error.errorCode === 0) return error.code !== 'errors.cancelled'
  return error.errorCode === 502 || error.errorCode === 503 || error.errorCode === 504
}

export type QueuedScan = { refused: 'badCode' | 'otherExhibition' } | { entry: QueuedLead; repeated: boolean }

/**
 * The lead scanner's queue on this phone (docs/product.md#leads-offline), per account and exhibitor, in
 * IndexedDB: scans the server could not take are checked here (signature, exhibition) and wait; they go
 * out in batches when the network is back (the online event, focus, and a retry backing off), and the
 * team's list is read again after each sync and whenever the page comes back to the front, so leads
 * another phone scanned show here too.
 */
export function useLeadQueue({
  accountId,
  exhibitorId,
  list,
  onSynced,
  onFront,
}: {
  accountId: string | null
  exhibitorId: number
  list: LeadListView
  onSynced: (items: LeadSyncAnswer['items']) => Promise<void>
  onFront: () => Promise<void>
}) {
  const gateway = useGateway()
  const [device, setDevice] = useState<LeadsDevice | null>(null)
  const current = useRef<LeadsDevice | null>(null)
  const [offline, setOffline] = useState(false)
  const [refused, setRefused] = useState<LeadSyncOutcome[]>([])
  const [blocked, setBlocked] = useState<unknown>(null)
  const busy = useRef(false)
  const failures = useRef(0)
  const retry = useRef<number | undefined>(undefined)
  const handlers = useRef({ onSynced, onFront })
  handlers.current = { onSynced, onFront }

  const commit = useCallback((next: LeadsDevice) => {
    current.current = next
    setDevice(next)
    void writeDevice(next).catch(() => undefined)
  }, [])

  const sync = useCallback(async (): Promise<void> => {
    window.clearTimeout(retry.current)
    if (busy.current || !current.current?.queue.length) return
    busy.current = true
    const answered: LeadSyncAnswer['items'] = []
    const found: LeadSyncOutcome[] = []
    try {
      // A bounded number of rounds: an entry edited while its batch was out is sent again in the next round.
      for (let round = 0, batch = nextBatch(current.current.queue); round < 50 && batch.length; round++, batch = nextBatch(current.current?.queue ?? [])) {
        const answer = await gateway.call(syncLeads, { exhibitorId, scans: batch.map(toPayload) })
        const latest = current.current as LeadsDevice
        const result = afterSync(latest.queue, batch, answer.items, () => crypto.randomUUID())
        commit({ ...latest, queue: result.queue })
        answered.push(...answer.items)
        found.push(...result.refused.map((item) => item.outcome))
      }
      failures.current = 0
      setOffline(false)
      setBlocked(null)
      if (found.length) setRefused(found)
      await handlers.current.onSynced(answered).catch(() => undefined)
    } catch (error) {
      if (unreachable(error)) {
        setOffline(true)
        retry.current = window.setTimeout(() => void sync(), retryDelay(failures.current++))
      } else setBlocked(error)
    } finally {
      busy.current = false
    }
  }, [commit, exhibitorId, gateway])

  // The queue this phone kept for this account and exhibitor (after a reload, offline too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and the list's exhibition make the device; later lists change neither
  useEffect(() => {
    if (!accountId) return
    let active = true
    void readDevice(accountId, exhibitorId)
      .catch(() => undefined)
      .then((stored) => {
        if (!active) return
        commit({ accountId, exhibitorId, exhibitionId: list.exhibitionId, publicKey: list.publicKey, queue: stored?.queue ?? [] })
        void sync()
      })
    return () => {
      active = false
    }
  }, [accountId, exhibitorId])

  useEffect(() => {
    const front = () => {
      if (document.visibilityState === 'hidden') return
      void sync()
      handlers.current.onFront().then(
        () => {
          if (!current.current?.queue.length) setOffline(false)
        },
        (error: unknown) => {
          if (unreachable(error)) setOffline(true)
        },
      )
    }
    window.addEventListener('online', front)
    window.addEventListener('focus', front)
    document.addEventListener('visibilitychange', front)
    return () => {
      window.removeEventListener('online', front)
      window.removeEventListener('focus', front)
      document.removeEventListener('visibilitychange', front)
      window.clearTimeout(retry.current)
    }
  }, [sync])

  /** A code the server could not take now: checked on the phone, then queued (a ticket already waiting counts one more scan). */
  const queue = useCallback(
    async (code: string): Promise<QueuedScan | null> => {
      const before = current.current
      if (!before) return null
      const signed = await verifyTicketCode(code, before.publicKey)
      const verdict = judgeOnDevice(signed, before.exhibitionId)
      if (verdict || !signed) return { refused: verdict ?? 'badCode' }
      const latest = current.current ?? before
      const result = queueScan(latest.queue, { ticketId: signed.ticketId, code: code.trim(), at: new Date().toISOString(), id: crypto.randomUUID() })
      commit({ ...latest, queue: result.queue })
      setOffline(true)
      window.clearTimeout(retry.current)
      retry.current = window.setTimeout(() => void sync(), retryDelay(failures.current))
      return { entry: result.entry, repeated: result.repeated }
    },
    [commit, sync],
  )

  const qualify = useCallback(
    (id: string, values: { rating: LeadRating | null; tags: string[]; notes: string }) => {
      const latest = current.current
      if (!latest) return
      commit({ ...latest, queue: qualifyQueued(latest.queue, id, values, new Date().toISOString()) })
      void sync()
    },
    [commit, sync],
  )

  /** The waiting scans given up, when the server refuses them all (capture switched off, the member left the team). */
  const discard = useCallback(() => {
    const latest = current.current
    if (!latest) return
    commit({ ...latest, queue: [] })
    setBlocked(null)
  }, [commit])

  return {
    waiting: device?.queue ?? [],
    offline,
    refused,
    dismissRefused: () => setRefused([]),
    blocked,
    queue,
    qualify,
    discard,
    sync,
  }
}
