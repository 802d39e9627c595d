import { createStore, entries, get, set, type UseStore } from 'idb-keyval'
import { useCallback, useEffect, useRef, useState } from 'react'
import { checkinList, checkinSync } from '../../../api/console-checkin.ts'
import { ERROR_CODES } from '../../../../shared/functions/gateway.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { useConsoleShell } from '../../console-state.ts'
import { DOOR_DATABASE, DOOR_SEND_EVENT, DOOR_STORE } from '../../lib/door-storage.ts'
import {
  afterSent,
  type DoorData,
  type DoorScan,
  judgeLocally,
  type Learnt,
  mergeList,
  nextBatch,
  type QueuedScan,
  RECENT_KEPT,
  upgradeDoorData,
} from './door-model.ts'
import { DOOR_LIST_FORMAT } from '../../../../shared/rules/door-list.ts'
import { type SignedTicket, verifyTicketCode } from '../../../../shared/rules/ticket-code.ts'

/** How often a device with scans waiting tries again, besides when the browser says it is back online. */
const RETRY_MS = 30_000
/** How old the list may get on an idle door before it is read again (refunds and other doors' check-ins). */
const LIST_FRESH_MS = 120_000

export type DoorProblem = 'signedOut' | 'noList' | 'failed' | null

const keyOf = (exhibitionId: number) => `exhibition:${exhibitionId}`

let store: UseStore | null = null
/** Opened on first use only: never while rendering on the server. */
function doorStore(): UseStore {
  store ??= createStore(DOOR_DATABASE, DOOR_STORE)
  return store
}

/**
 * The door device's state for one exhibition (docs/product.md#checkin): the ticket list and the
 * queue in IndexedDB, every scan answered on the device at once and queued, the queue sent in
 * batches whenever there is network, then the list's changes read (docs/product.md#door-sync) so
 * refunds and other doors' check-ins arrive. The server's answer wins; where it differs from the device's, the device says what it learnt.
 */
export function useDoor(exhibitionId: number | null, deviceId: string) {
  const { client } = useConsoleShell()
  const [data, setData] = useState<DoorData | null>(null)
  const current = useRef<DoorData | null>(null)
  const [online, setOnline] = useState(true)
  const [syncing, setSyncing] = useState(false)
  const [loading, setLoading] = useState(false)
  const [learnt, setLearnt] = useState<Learnt | null>(null)
  const [problem, setProblem] = useState<DoorProblem>(null)
  const busy = useRef(false)
  const listReadAt = useRef(0)

  const commit = useCallback((next: DoorData) => {
    current.current = next
    setData(next)
    void set(keyOf(next.list.exhibition.id), next, doorStore()).catch(() => undefined)
  }, [])

  const failed = useCallback((error: unknown) => {
    if (error instanceof GatewayError && error.errorCode === ERROR_CODES.token) setProblem('signedOut')
    else if (error instanceof GatewayError && error.errorCode === 0) setOnline(false)
    else setProblem('failed')
  }, [])

  /**
   * Queues this device kept for other exhibitions (the door was changed before they went out) are
   * sent too, so that none waits for a door nobody opens again and sign-out is not held by it. One
   * the server will not take (the member no longer works there) stays, and sign-out names it.
   */
  const sendOtherDoors = useCallback(
    async (doorExhibition: number) => {
      for (const [key, stored] of await entries<string, DoorData>(doorStore())) {
        let data = upgradeDoorData(stored)
        if (data.list.exhibition.id === doorExhibition) continue
        try {
          for (let batch = nextBatch(data); batch; batch = nextBatch(data)) {
            const answer = await client.call(checkinSync, { exhibitionId: data.list.exhibition.id, deviceId, ...batch })
            data = afterSent(data, batch, answer.scans).data
            await set(key, data, doorStore())
          }
        } catch (error) {
          if (error instanceof GatewayError && (error.errorCode === 0 || error.errorCode === ERROR_CODES.token)) throw error
        }
      }
    },
    [client, deviceId],
  )

  const sync = useCallback(async () => {
    if (busy.current || exhibitionId === null) return
    busy.current = true
    setSyncing(true)
    const found: Learnt = { already: [], refused: [] }
    try {
      for (;;) {
        const before = current.current
        const batch = before && before.list.exhibition.id === exhibitionId ? nextBatch(before) : null
        if (!before || !batch) break
        const answer = await client.call(checkinSync, { exhibitionId, deviceId, ...batch })
        const applied = afterSent(current.current ?? before, batch, answer.scans)
        found.already.push(...applied.learnt.already)
        found.refused.push(...applied.learnt.refused)
        commit(applied.data)
      }
      await sendOtherDoors(exhibitionId)
      const kept = current.current?.list.exhibition.id === exhibitionId ? current.current.list : null
      // Only what changed since the kept list was read; a token the server cannot continue means the whole list.
      const since = kept?.token
      const answer = await client
        .call(checkinList, since ? { exhibitionId, format: DOOR_LIST_FORMAT, since } : { exhibitionId, format: DOOR_LIST_FORMAT })
        .catch((error: unknown) => {
          if (since && error instanceof GatewayError && error.errorCode === ERROR_CODES.gone)
            return client.call(checkinList, { exhibitionId, format: DOOR_LIST_FORMAT })
          throw error
        })
      listReadAt.current = Date.now()
      const latest = current.current
      const list = mergeList(latest?.list.exhibition.id === exhibitionId ? latest.list : null, answer)
      commit(latest && latest.list.exhibition.id === exhibitionId ? { ...latest, list } : { list, scans: [], undos: [], recent: [] })
      setOnline(true)
      setProblem(null)
      if (found.already.length || found.refused.length) setLearnt(found)
    } catch (error) {
      failed(error)
    } finally {
      busy.current = false
      setSyncing(false)
    }
  }, [client, commit, deviceId, exhibitionId, failed, sendOtherDoors])

  // The exhibition's stored state first (it may be all there is, offline), then the network's.
  useEffect(() => {
    current.current = null
    setData(null)
    setLearnt(null)
    setProblem(null)
    if (exhibitionId === null) return
    let active = true
    setLoading(true)
    void (async () => {
      const stored = await get<DoorData>(keyOf(exhibitionId), doorStore()).catch(() => undefined)
      if (!active) return
      if (stored) {
        const upgraded = upgradeDoorData(stored)
        current.current = upgraded
        setData(upgraded)
      }
      setOnline(navigator.onLine)
      if (navigator.onLine) await sync()
      if (active && !current.current) setProblem(navigator.onLine ? 'failed' : 'noList')
      if (active) setLoading(false)
    })()
    return () => {
      active = false
    }
  }, [exhibitionId, sync])

  useEffect(() => {
    const up = () => {
      setOnline(true)
      void sync()
    }
    const down = () => setOnline(false)
    // The member who wants to sign out asks for the waiting scans to go now.
    const send = () => void sync()
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    window.addEventListener(DOOR_SEND_EVENT, send)
    const timer = window.setInterval(() => {
      const waiting = current.current && (current.current.scans.length || current.current.undos.length)
      const stale = Date.now() - listReadAt.current > LIST_FRESH_MS
      if (navigator.onLine && (waiting || stale)) void sync()
    }, RETRY_MS)
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
      window.removeEventListener(DOOR_SEND_EVENT, send)
      window.clearInterval(timer)
    }
  }, [sync])

  /** Answers a scanned code (or a ticket picked by hand) on the device, queues it, and sends it when it can. */
  const scan = useCallback(
    async (input: { code: string } | { ticketKey: string }, gate: string): Promise<DoorScan | null> => {
      const list = current.current?.list
      if (!list) return null
      let signed: SignedTicket | null
      if ('code' in input) signed = await verifyTicketCode(input.code, list.publicKey)
      else signed = { ticketId: input.ticketKey, exhibitionId: list.exhibition.id }
      const before = current.current
      if (!before) return null
      const verdict = judgeLocally(before, signed, deviceId)
      const id = crypto.randomUUID()
      const at = new Date().toISOString()
      const entry: DoorScan = {
        id,
        ticketId: verdict.ticket?.key ?? null,
        name: verdict.ticket?.name ?? null,
        ticketType: verdict.ticket?.ticketType ?? null,
        company: verdict.ticket?.company ?? null,
        holderCompany: verdict.ticket?.holderCompany ?? null,
        jobTitle: verdict.ticket?.jobTitle ?? null,
        role: verdict.ticket?.role ?? null,
        code: 'code' in input && verdict.ticket ? input.code.trim() : null,
        outcome: verdict.outcome,
        at,
        gate,
        first: verdict.first,
        synced: false,
        undone: false,
      }
      // The contract takes codes up to 200 characters; anything longer is no ticket of ours anyway.
      const queued: QueuedScan =
        'code' in input ? { id, gate, scannedAt: at, code: input.code.trim().slice(0, 200) } : { id, gate, scannedAt: at, ticketKey: input.ticketKey }
      commit({ ...before, scans: [...before.scans, queued], recent: [entry, ...before.recent].slice(0, RECENT_KEPT) })
      if (navigator.onLine) void sync()
      return entry
    },
    [commit, deviceId, sync],
  )

  /** A mistaken check-in taken back: never sent if it is still waiting, else an undo is queued. */
  const undo = useCallback(
    (scanId: string) => {
      const before = current.current
      if (!before) return
      const recent = before.recent.map((scan) => (scan.id === scanId ? { ...scan, undone: true } : scan))
      const waiting = before.scans.some((scan) => scan.id === scanId)
      if (waiting && !busy.current) commit({ ...before, recent, scans: before.scans.filter((scan) => scan.id !== scanId) })
      else commit({ ...before, recent, undos: [...before.undos, { scanId, undoneAt: new Date().toISOString() }] })
      if (navigator.onLine) void sync()
    },
    [commit, sync],
  )

  return { data, online, syncing, loading, learnt, dismissLearnt: () => setLearnt(null), problem, scan, undo, sync }
}
