import { describe, expect, it } from 'vitest'
import { afterSync, judgeOnDevice, nextBatch, type QueuedLead, qualifyQueued, queueScan, retryDelay, toPayload, waitingScans } from './queue.ts'

const TICKET_A = '0f1e2d3c-4b5a-4697-8877-665544332211'
const TICKET_B = '11111111-2222-4333-8444-555555555555'
let counter = 0
const newId = () => `id-${++counter}`
const scanOf = (ticketId: string, at: string) => ({ ticketId, code: `ET1.code-of-${ticketId}`, at, id: newId() })

describe('the lead scanner’s queue (docs/product.md#leads-offline)', () => {
  it('when a code is forged or of another exhibition, then the phone refuses it itself', () => {
    expect(judgeOnDevice(null, 7)).toBe('badCode')
    expect(judgeOnDevice({ ticketId: TICKET_A, exhibitionId: 8 }, 7)).toBe('otherExhibition')
    expect(judgeOnDevice({ ticketId: TICKET_A, exhibitionId: 7 }, 7)).toBeNull()
  })

  it('when a badge is scanned twice offline, then one entry counts two scans and keeps both times', () => {
    const first = queueScan([], scanOf(TICKET_A, '2027-03-10T09:00:00.000Z'))
    expect(first.repeated).toBe(false)
    const second = queueScan(first.queue, scanOf(TICKET_A, '2027-03-10T09:05:00.000Z'))
    expect(second.repeated).toBe(true)
    expect(second.queue).toHaveLength(1)
    expect(second.entry).toMatchObject({ id: first.entry.id, scans: 2, scannedAt: '2027-03-10T09:00:00.000Z', lastScannedAt: '2027-03-10T09:05:00.000Z' })
    const third = queueScan(second.queue, scanOf(TICKET_B, '2027-03-10T09:06:00.000Z'))
    expect(third.queue).toHaveLength(2)
    expect(waitingScans(third.queue)).toBe(3)
  })

  it('when a queued lead is rated, then its qualifying rides with it, stamped with the edit’s time, and the payload carries no phone-only fields', () => {
    const { queue, entry } = queueScan([], scanOf(TICKET_A, '2027-03-10T09:00:00.000Z'))
    const rated = qualifyQueued(queue, entry.id, { rating: 'hot', tags: ['vip'], notes: 'Wants a demo' }, '2027-03-10T09:01:00.000Z')
    expect(rated[0]?.qualified).toEqual({ rating: 'hot', tags: ['vip'], notes: 'Wants a demo', editedAt: '2027-03-10T09:01:00.000Z' })
    expect(rated[0]?.version).toBe(2)
    expect(toPayload(rated[0] as QueuedLead)).toEqual({
      id: entry.id,
      code: entry.code,
      scannedAt: entry.scannedAt,
      lastScannedAt: entry.lastScannedAt,
      scans: 1,
      qualified: rated[0]?.qualified,
    })
  })

  it('when a batch is answered, then sent entries leave, refused ones are named, and ones changed meanwhile stay with only what is new', () => {
    let queue: QueuedLead[] = []
    for (const [ticket, at] of [
      [TICKET_A, '2027-03-10T09:00:00.000Z'],
      [TICKET_B, '2027-03-10T09:01:00.000Z'],
      ['22222222-2222-4333-8444-555555555555', '2027-03-10T09:02:00.000Z'],
    ] as const)
      queue = queueScan(queue, scanOf(ticket, at)).queue
    const sent = nextBatch(queue)
    // While the batch is out: A is scanned again, B is rated.
    queue = queueScan(queue, scanOf(TICKET_A, '2027-03-10T09:10:00.000Z')).queue
    const bId = queue[1]?.id as string
    queue = qualifyQueued(queue, bId, { rating: 'warm', tags: [], notes: '' }, '2027-03-10T09:11:00.000Z')
    const aId = queue[0]?.id as string
    const result = afterSync(
      queue,
      sent,
      [
        { id: aId, outcome: 'added' },
        { id: bId, outcome: 'repeated' },
        { id: queue[2]?.id as string, outcome: 'voided' },
      ],
      () => 'fresh-id',
    )
    expect(result.refused.map((item) => item.outcome)).toEqual(['voided'])
    expect(result.queue).toHaveLength(2)
    expect(result.queue[0]).toMatchObject({
      id: 'fresh-id',
      ticketId: TICKET_A,
      scans: 1,
      scannedAt: '2027-03-10T09:00:00.000Z',
      lastScannedAt: '2027-03-10T09:10:00.000Z',
    })
    expect(result.queue[1]).toMatchObject({ id: bId, qualified: { rating: 'warm' } })
  })

  it('when an entry was not answered (the batch was cut short), then it stays as it was', () => {
    const { queue } = queueScan([], scanOf(TICKET_A, '2027-03-10T09:00:00.000Z'))
    expect(afterSync(queue, queue, [], newId).queue).toEqual(queue)
    expect(afterSync(queue, [], [{ id: queue[0]?.id as string, outcome: 'added' }], newId).queue).toEqual(queue)
  })

  it('when batches are cut, then at most the limit goes at once, oldest first', () => {
    let queue: QueuedLead[] = []
    for (let index = 0; index < 450; index++) queue = [...queue, { ...queueScan([], scanOf(`t-${index}`, '2027-03-10T09:00:00.000Z')).entry }]
    expect(nextBatch(queue)).toHaveLength(200)
    expect(nextBatch(queue)[0]?.ticketId).toBe('t-0')
    expect(nextBatch(queue, 50)).toHaveLength(50)
  })

  it('when sending keeps failing, then the phone tries again sooner first and at most once a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000])
  })
})
