import { BADGE_ROLES } from '../rules/badges.ts'
import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { CHECKIN_LIMITS, CHECKIN_OUTCOMES, DOOR_TICKET_STATES } from '../rules/console-checkin.ts'
import { DOOR_LIST_FORMAT, TICKET_KEY } from '../rules/door-list.ts'
import { defineContract } from './define.ts'

const exhibitionId = z.coerce.number({ error: 'errors.invalid' }).int().positive('errors.invalid')
const uuid = z.uuid({ error: 'errors.invalid' })
const gate = z.string({ error: 'errors.invalid' }).trim().min(1, 'errors.required').max(CHECKIN_LIMITS.gate, 'errors.tooLong')
const when = z.iso.datetime({ offset: true, error: 'errors.invalid' })

const firstCheckin = z.object({ at: z.string(), gate: z.string(), deviceId: z.string(), staffName: z.string() })

/** The exhibitions a door member may check in for, the ones on now or next first. */
export const checkinExhibitions = defineContract({
  ...CONSOLE.checkinExhibitions,
  payload: z.object({}),
  result: z.object({
    exhibitions: z.array(
      z.object({ id: z.number().int(), title: z.string(), startsAt: z.string(), endsAt: z.string(), timeZone: z.string(), city: z.string() }),
    ),
  }),
})

/**
 * What a door device keeps (docs/product.md#checkin): the exhibition, the public key that verifies
 * ticket codes offline, and every ticket with its holder's name, type, state and check-in, as compact
 * rows (shared/rules/door-list.ts). Read again
 * after each sync, so refunds and other doors' check-ins reach the device: with `since` (the last
 * answer's token) only the tickets changed since and the keys that left the list (docs/product.md#door-sync).
 * A token that cannot be continued is a 410, and the device reads the whole list.
 */
export const checkinList = defineContract({
  ...CONSOLE.checkinList,
  payload: z.object({
    exhibitionId,
    format: z.literal(DOOR_LIST_FORMAT, { error: 'console:errors.doorOutdated' }),
    since: z.string({ error: 'errors.invalid' }).max(1200, 'errors.tooLong').optional(),
  }),
  result: z.object({
    /** True: `tickets` is the whole list; false: only the tickets changed since the token sent. */
    full: z.boolean(),
    /** What the device sends as `since` next time. */
    token: z.string(),
    exhibition: z.object({ id: z.number().int(), title: z.string(), startsAt: z.string(), endsAt: z.string(), timeZone: z.string() }),
    publicKey: z.object({ kid: z.string(), x: z.string() }),
    /** The kinds of ticket the rows point at: [type's name, badge role, team pass's exhibitor or null, state] (shared/rules/door-list.ts). */
    kinds: z.array(z.tuple([z.string(), z.enum(BADGE_ROLES), z.string().nullable(), z.enum(DOOR_TICKET_STATES)])),
    /**
     * One row per ticket (shared/rules/door-list.ts): [key, order code, given name, family name, kind,
     * check-in, holder's company, position], the last three left off from the end when empty. The key
     * is the first 16 hex digits of the ticket's id; the name parts are what the door shows (by
     * shared/rules/names.ts) and searches in either order.
     */
    tickets: z.array(
      z.tuple([
        z.string(),
        z.string(),
        z.string(),
        z.string(),
        z.number().int(),
        z.tuple([z.string(), z.string(), z.string(), z.string()]).nullable().optional(),
        z.string().nullable().optional(),
        z.string().nullable().optional(),
      ]),
    ),
    /** Keys of tickets no longer in the list (re-issued under a new id): their old codes are unknown now. */
    removed: z.array(z.string()),
    gates: z.array(z.object({ gate: z.string(), checkedIn: z.number().int() })),
    serverTime: z.string(),
  }),
})

/**
 * A device's scans and undos, made online or offline, in the order they happened. Each scan names its
 * ticket by the QR code or (picked by name or order) by its key in the list (by id on devices
 * that queued it before keys). The answer judges each one; sending the
 * same scans again gives the same answers.
 */
export const checkinSync = defineContract({
  ...CONSOLE.checkinSync,
  payload: z.object({
    exhibitionId,
    deviceId: z.string({ error: 'errors.invalid' }).trim().min(1, 'errors.required').max(CHECKIN_LIMITS.deviceId, 'errors.tooLong'),
    scans: z
      .array(
        z.union([
          z.object({ id: uuid, code: z.string().max(200, 'errors.tooLong'), gate, scannedAt: when }),
          z.object({ id: uuid, ticketId: uuid, gate, scannedAt: when }),
          /** Picked by hand from the list, which knows the ticket by its key (shared/rules/door-list.ts). */
          z.object({ id: uuid, ticketKey: z.string({ error: 'errors.invalid' }).regex(TICKET_KEY, 'errors.invalid'), gate, scannedAt: when }),
        ]),
      )
      .max(CHECKIN_LIMITS.batch, 'errors.tooLong')
      .default([]),
    undos: z
      .array(z.object({ scanId: uuid, undoneAt: when }))
      .max(CHECKIN_LIMITS.batch, 'errors.tooLong')
      .default([]),
  }),
  result: z.object({
    scans: z.array(z.object({ id: z.string(), outcome: z.enum(CHECKIN_OUTCOMES), ticketId: z.string().nullable(), first: firstCheckin.nullable() })),
    undos: z.array(z.object({ scanId: z.string(), undone: z.boolean() })),
  }),
})

export type CheckinList = z.infer<typeof checkinList.result>
export type CheckinSyncResult = z.infer<typeof checkinSync.result>
