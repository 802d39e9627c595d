import { describe, expect, it } from 'vitest'
import type { CheckinList } from '../../../api/console-checkin.ts'
import { type DoorTicketFields, ticketKey, toDoorRows } from '../../../../shared/rules/door-list.ts'
import {
  afterSent,
  applyAnswers,
  type DoorData,
  type DoorScan,
  gateCounts,
  judgeLocally,
  listTickets,
  lookUp,
  mergeList,
  nextBatch,
  upgradeDoorData,
} from './door-model.ts'
import { kioskTickets } from './kiosk-model.ts'

const TICKET = '0b9f4c1e-7a52-4d3e-9c1a-5f6e7d8c9b0a'
const OTHER = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
const WANG = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a'
const key = { kid: 'k1d2e3f4', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }

type Fields = DoorTicketFields & { id: string }

const MEILING: Fields = {
  id: TICKET,
  key: ticketKey(TICKET),
  orderNumber: 'T-AB12CD',
  firstName: 'Meiling',
  lastName: 'Zhou',
  ticketType: 'Standard pass',
  company: null,
  holderCompany: null,
  jobTitle: null,
  role: 'visitor',
  state: 'valid',
  checkin: null,
}
const GRACE: Fields = {
  ...MEILING,
  id: OTHER,
  key: ticketKey(OTHER),
  orderNumber: 'T-EF34GH',
  firstName: 'Grace',
  lastName: 'Hopper',
  ticketType: 'VIP pass',
  state: 'refunded',
}
const XIAOMING: Fields = { ...MEILING, id: WANG, key: ticketKey(WANG), orderNumber: 'T-JK56LM', firstName: '小明', lastName: '王' }

/** A list as the server sends it: `tickets` are the fields of each ticket, made into rows and kinds. */
function list(overrides: Partial<Omit<CheckinList, 'tickets'>> & { tickets?: Fields[] } = {}): CheckinList {
  const { tickets = [MEILING, GRACE, XIAOMING], ...rest } = overrides
  return {
    exhibition: { id: 7, title: 'Harbour Fintech Forum', startsAt: '2030-05-01T08:00:00Z', endsAt: '2030-05-02T17:00:00Z', timeZone: 'Europe/London' },
    publicKey: key,
    full: true,
    token: 'd1.7.en.1000',
    removed: [],
    gates: [{ gate: 'North', checkedIn: 3 }],
    serverTime: '2030-05-01T09:00:00Z',
    ...rest,
    ...toDoorRows(tickets),
  }
}
const ticketsOf = (kept: CheckinList) => listTickets(kept)
const names = (kept: CheckinList) => ticketsOf(kept).map((ticket) => [ticket.name, ticket.ticketType, ticket.state])
const door = (overrides: Partial<DoorData> = {}): DoorData => ({ list: list(), scans: [], undos: [], recent: [], ...overrides })
const scanOf = (overrides: Partial<DoorScan>): DoorScan => ({
  id: 'a1',
  ticketId: TICKET,
  name: 'Meiling Zhou',
  ticketType: 'Standard pass',
  outcome: 'checkedIn',
  at: '2030-05-01T09:05:00Z',
  gate: 'South',
  first: null,
  synced: false,
  undone: false,
  ...overrides,
})

describe('judgeLocally', () => {
  const signed = { ticketId: TICKET, exhibitionId: 7 }

  it('when a valid ticket is scanned for the first time, then it is checked in', () => {
    expect(judgeLocally(door(), signed, 'device-1').outcome).toBe('checkedIn')
  })

  it('when the code is forged, for another exhibition, unknown or refunded, then the answer says so', () => {
    expect(judgeLocally(door(), null, 'device-1').outcome).toBe('forged')
    expect(judgeLocally(door(), { ticketId: TICKET, exhibitionId: 8 }, 'device-1').outcome).toBe('wrongExhibition')
    expect(judgeLocally(door(), { ticketId: '9a9a9a9a-0000-4000-8000-000000000000', exhibitionId: 7 }, 'device-1').outcome).toBe('unknown')
    expect(judgeLocally(door(), { ticketId: OTHER, exhibitionId: 7 }, 'device-1').outcome).toBe('refunded')
  })

  it('when this device let the ticket in before, even offline, then it is already in, here', () => {
    const verdict = judgeLocally(door({ recent: [scanOf({})] }), signed, 'device-1')
    expect(verdict.outcome).toBe('already')
    expect(verdict.first).toMatchObject({ gate: 'South', deviceId: 'device-1' })
  })

  it('when the list says another door let it in, then it is already in, with that door', () => {
    const checkin = { at: '2030-05-01T08:30:00Z', gate: 'North', deviceId: 'device-2', staffName: 'Sam' }
    expect(judgeLocally(door({ list: list({ tickets: [{ ...MEILING, checkin }, GRACE] }) }), signed, 'device-1')).toMatchObject({
      outcome: 'already',
      first: checkin,
    })
  })

  it('when this device undid its check-in, then the ticket may come in again', () => {
    const checkin = { at: '2030-05-01T09:05:00Z', gate: 'South', deviceId: 'device-1', staffName: 'Sam' }
    const data = door({
      list: list({ tickets: [{ ...MEILING, checkin }, GRACE] }),
      recent: [scanOf({ synced: true, undone: true })],
      undos: [{ scanId: 'a1', undoneAt: '2030-05-01T09:06:00Z' }],
    })
    expect(judgeLocally(data, signed, 'device-1').outcome).toBe('checkedIn')
  })
})

describe('gateCounts', () => {
  it('when scans wait to be synced, then they count at their gate beside the server count', () => {
    const data = door({ recent: [scanOf({})], scans: [{ id: 'a1', gate: 'South', scannedAt: '2030-05-01T09:05:00Z', ticketId: TICKET }] })
    expect(gateCounts(data)).toEqual([
      { gate: 'North', checkedIn: 3 },
      { gate: 'South', checkedIn: 1 },
    ])
  })
})

describe('applyAnswers', () => {
  it('when the server says a ticket let in offline was already in elsewhere or refunded, then the device learns it', () => {
    const recent = [
      scanOf({ id: 'a1' }),
      scanOf({ id: 'a2', ticketId: OTHER, name: 'Grace Hopper' }),
      scanOf({ id: 'a3', outcome: 'forged', ticketId: null, name: null }),
    ]
    const result = applyAnswers(recent, [
      { id: 'a1', outcome: 'already', first: { at: '2030-05-01T08:00:00Z', gate: 'Gate B', deviceId: 'device-2', staffName: 'Sam' } },
      { id: 'a2', outcome: 'refunded', first: null },
      { id: 'a3', outcome: 'forged', first: null },
    ])
    expect(result.learnt).toEqual({
      already: [{ scanId: 'a1', name: 'Meiling Zhou', gate: 'Gate B' }],
      refused: [{ scanId: 'a2', name: 'Grace Hopper', outcome: 'refunded' }],
    })
    expect(result.recent.every((scan) => scan.synced)).toBe(true)
    expect(result.recent[0]?.outcome).toBe('already')
  })
})

describe('lookUp', () => {
  it('when the query is part of a name or an order code, then the ticket is found, case aside', () => {
    expect(lookUp(ticketsOf(list()), 'zhou').map((ticket) => ticket.name)).toEqual(['Meiling Zhou'])
    expect(lookUp(ticketsOf(list()), 't-ef34').map((ticket) => ticket.name)).toEqual(['Grace Hopper'])
    expect(lookUp(ticketsOf(list()), 'z')).toEqual([])
  })

  it('when a Chinese name is typed as written, by its one-character surname, or a Latin name family name first, then the ticket is found', () => {
    const names = (query: string) => lookUp(ticketsOf(list()), query).map((ticket) => ticket.name)
    expect(names('王小明')).toEqual(['王小明'])
    expect(names('王')).toEqual(['王小明'])
    expect(names('小明')).toEqual(['王小明'])
    expect(names('Zhou Meiling')).toEqual(['Meiling Zhou'])
    expect(names('zhou  meiling')).toEqual(['Meiling Zhou'])
    expect(names('李')).toEqual([])
  })

  it('when several tickets match, then they come by family name, then given name, whatever the list’s order', () => {
    const ada = { ...GRACE, id: 'x', key: 'ada', firstName: 'Ada', lastName: 'Hopper', state: 'valid' as const }
    const names = lookUp(ticketsOf(list({ tickets: [GRACE, MEILING, ada] })), 'hopper').map((ticket) => ticket.name)
    expect(names).toEqual(['Ada Hopper', 'Grace Hopper'])
  })
})

describe('sending the queue', () => {
  const queued = (id: string) => ({ id, gate: 'North', scannedAt: '2030-05-01T09:05:00Z', code: `ET1.${id}` })

  it('when a device has more waiting than one sync takes, then batches of the limit go out, the sent ones leave the queue and their answers are kept', () => {
    let data = door({
      scans: Array.from({ length: 450 }, (_, index) => queued(`s${index}`)),
      undos: [{ scanId: 'a1', undoneAt: '2030-05-01T09:06:00Z' }],
      recent: [scanOf({ id: 's0' })],
    })
    const sizes: number[] = []
    for (let batch = nextBatch(data); batch; batch = nextBatch(data)) {
      sizes.push(batch.scans.length + batch.undos.length)
      const answers = batch.scans.map((scan) => ({ id: scan.id, outcome: 'already' as const, first: null }))
      data = afterSent(data, batch, answers).data
    }
    expect(sizes).toEqual([201, 200, 50])
    expect(data.scans).toEqual([])
    expect(data.undos).toEqual([])
    expect(data.recent[0]).toMatchObject({ id: 's0', outcome: 'already', synced: true })
  })

  it('when a scan was queued while its batch was out, then it stays waiting', () => {
    const before = door({ scans: [queued('s1')] })
    const batch = nextBatch(before)
    expect(batch?.scans.map((scan) => scan.id)).toEqual(['s1'])
    const later = { ...before, scans: [...before.scans, queued('s2')] }
    expect(afterSent(later, batch as NonNullable<typeof batch>, []).data.scans.map((scan) => scan.id)).toEqual(['s2'])
    expect(nextBatch(door())).toBeNull()
  })
})

describe('the kiosk’s typed check-in', () => {
  const tickets = ticketsOf(list())
  const ids = (found: ReadonlyArray<{ key: string }>) => found.map((ticket) => ticket.key)

  it('when the order code and the family name match, then that ticket; case, spaces and full-width forms do not matter', () => {
    expect(ids(kioskTickets(tickets, ' t-ab12cd ', 'zhou'))).toEqual([ticketKey(TICKET)])
    expect(ids(kioskTickets(tickets, 'Ｔ－ＡＢ１２ＣＤ', 'ZHOU'))).toEqual([ticketKey(TICKET)])
    expect(ids(kioskTickets(tickets, 'T-JK56LM', '王'))).toEqual([ticketKey(WANG)])
  })

  it('when only one of the two matches, or either is empty, then no ticket: a code alone lets no one in', () => {
    expect(kioskTickets(tickets, 'T-AB12CD', 'Hopper')).toEqual([])
    expect(kioskTickets(tickets, 'T-AB12C', 'Zhou')).toEqual([])
    expect(kioskTickets(tickets, 'T-AB12CD', '')).toEqual([])
    expect(kioskTickets(tickets, '', 'Zhou')).toEqual([])
    // Part of the name is not the name.
    expect(kioskTickets(tickets, 'T-AB12CD', 'Zho')).toEqual([])
  })

  it('when two tickets of the order share the family name, then both, for the kiosk to ask whose it is', () => {
    const family = [...tickets, { ...(tickets[0] as (typeof tickets)[number]), key: 'sister', name: 'Xiu Zhou', firstName: 'Xiu' }]
    expect(ids(kioskTickets(family, 'T-AB12CD', 'Zhou'))).toEqual([ticketKey(TICKET), 'sister'])
  })
})

describe('the list kept on the device after an incremental sync (docs/product.md#door-sync)', () => {
  const kept = list()
  const changes = (overrides: Parameters<typeof list>[0]): CheckinList =>
    list({
      full: false,
      token: 'd1.7.en.1042',
      tickets: [],
      removed: [],
      gates: [{ gate: 'North', checkedIn: 5 }],
      serverTime: '2030-05-01T09:05:00Z',
      ...overrides,
    })

  it('when changes arrive, then changed tickets are replaced in place, new ones join, removed keys go, and the token, counts and time are the answer’s', () => {
    const newcomer: Fields = {
      ...XIAOMING,
      id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
      key: '3e4f5a6b-7c8d-4e9f',
      firstName: 'Ada',
      lastName: 'Lovelace',
      ticketType: 'Press pass',
    }
    // The answer's own kinds: the refunded standard pass and the press pass are new to the kept list.
    const merged = mergeList(kept, changes({ tickets: [newcomer, { ...MEILING, state: 'refunded' }], removed: [XIAOMING.key] }))
    expect(names(merged)).toEqual([
      ['Meiling Zhou', 'Standard pass', 'refunded'],
      ['Grace Hopper', 'VIP pass', 'refunded'],
      ['Ada Lovelace', 'Press pass', 'valid'],
    ])
    expect(merged).toMatchObject({
      full: true,
      token: 'd1.7.en.1042',
      removed: [],
      gates: [{ gate: 'North', checkedIn: 5 }],
      serverTime: '2030-05-01T09:05:00Z',
    })
    expect(judgeLocally({ list: merged, scans: [], undos: [], recent: [] }, { ticketId: TICKET, exhibitionId: 7 }, 'door-a').outcome).toBe('refunded')
    expect(judgeLocally({ list: merged, scans: [], undos: [], recent: [] }, { ticketId: WANG, exhibitionId: 7 }, 'door-a').outcome).toBe('unknown')
    expect(judgeLocally({ list: merged, scans: [], undos: [], recent: [] }, { ticketId: newcomer.id, exhibitionId: 7 }, 'door-a').outcome).toBe('checkedIn')
  })

  it('when nothing changed, then the tickets stay as they were and only the token moves on', () => {
    const merged = mergeList(kept, changes({}))
    expect(names(merged)).toEqual(names(kept))
    expect(merged.token).toBe('d1.7.en.1042')
  })

  it('when an answer names a key both as removed and as changed, then the changed row is kept', () => {
    const merged = mergeList(kept, changes({ tickets: [{ ...GRACE, state: 'valid' }], removed: [GRACE.key] }))
    expect(names(merged)).toEqual([
      ['Meiling Zhou', 'Standard pass', 'valid'],
      ['王小明', 'Standard pass', 'valid'],
      ['Grace Hopper', 'VIP pass', 'valid'],
    ])
  })

  it('when the answer is a whole list, or the device kept another exhibition or nothing, then the answer is the list', () => {
    const whole = list({ tickets: [GRACE], token: 'd1.7.en.2000' })
    expect(mergeList(kept, whole)).toBe(whole)
    expect(names(mergeList(null, changes({ tickets: [GRACE] })))).toEqual([['Grace Hopper', 'VIP pass', 'refunded']])
    const other = list({ exhibition: { ...kept.exhibition, id: 8 } })
    expect(names(mergeList(other, changes({ tickets: [GRACE] })))).toEqual([['Grace Hopper', 'VIP pass', 'refunded']])
  })
})

describe('a device that kept its list before rows (docs/product.md#door-sync)', () => {
  /** What an earlier version stored: a ticket object per ticket with its whole id, and its name as shown. */
  const stored = (): DoorData => {
    const current = list()
    const { kinds: _kinds, ...rest } = current
    const shown = ['Meiling Zhou', 'Grace Hopper', '王小明']
    const tickets = [MEILING, GRACE, XIAOMING].map(({ key: _key, ...ticket }, index) => ({ ...ticket, name: shown[index] }))
    return {
      list: { ...rest, tickets } as unknown as CheckinList,
      scans: [{ id: 'q1', gate: 'North', scannedAt: '2030-05-01T09:05:00Z', ticketId: TICKET }],
      undos: [],
      recent: [scanOf({ id: 'q1', ticketId: TICKET })],
    }
  }

  it('when the screen updates, then the kept list answers scans as before, offline, and keeps its token and queue', () => {
    const upgraded = upgradeDoorData(stored())
    expect(upgraded.list.token).toBe('d1.7.en.1000')
    expect(upgraded.scans).toEqual(stored().scans)
    expect(names(upgraded.list)).toEqual([
      ['Meiling Zhou', 'Standard pass', 'valid'],
      ['Grace Hopper', 'VIP pass', 'refunded'],
      ['王小明', 'Standard pass', 'valid'],
    ])
    // Its own check-in, kept under the whole id, still counts.
    expect(judgeLocally(upgraded, { ticketId: TICKET, exhibitionId: 7 }, 'door-a').outcome).toBe('already')
    expect(judgeLocally(upgraded, { ticketId: OTHER, exhibitionId: 7 }, 'door-a').outcome).toBe('refunded')
    expect(judgeLocally(upgraded, { ticketId: WANG, exhibitionId: 7 }, 'door-a').outcome).toBe('checkedIn')
    expect(lookUp(ticketsOf(upgraded.list), '王').map((ticket) => ticket.key)).toEqual([ticketKey(WANG)])
    expect(upgradeDoorData(upgraded)).toBe(upgraded)
  })

  it('when the next changes arrive for it, then they merge into the converted rows', () => {
    const upgraded = upgradeDoorData(stored())
    const merged = mergeList(upgraded.list, list({ full: false, tickets: [{ ...XIAOMING, state: 'cancelled' }], removed: [GRACE.key] }))
    expect(names(merged)).toEqual([
      ['Meiling Zhou', 'Standard pass', 'valid'],
      ['王小明', 'Standard pass', 'cancelled'],
    ])
  })

  it('when it was kept before names came in parts, then the name as shown is searched and shown', () => {
    const old = stored()
    const tickets = (old.list.tickets as unknown as Array<Record<string, unknown>>).map(({ firstName: _first, lastName: _last, ...ticket }) => ticket)
    const upgraded = upgradeDoorData({ ...old, list: { ...old.list, tickets } as unknown as CheckinList })
    expect(lookUp(ticketsOf(upgraded.list), 'Hopper').map((ticket) => ticket.name)).toEqual(['Grace Hopper'])
    expect(lookUp(ticketsOf(upgraded.list), '王小明').map((ticket) => ticket.name)).toEqual(['王小明'])
  })
})
