import { BADGE_ROLES } from '../rules/badges.ts'
import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { CHECKIN_LIMITS, CHECKIN_OUTCOMES, DOOR_TICKET_STATES } from '../rules/console-checkin.ts'
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
 * ticket codes offline, and every ticket with its holder's name, type, state and check-in. Read again
 * after each sync, so refunds and other doors' check-ins reach the device: with `since` (the last
 * answer's token) only the tickets changed since and the ids that left the list (docs/product.md#door-sync).
 * A token that cannot be continued is a 410, and the device reads the whole list.
 */
export const checkinList = defineContract({
  ...CONSOLE.checkinList,
  payload: z.object({ exhibitionId, since: z.string({ error: 'errors.invalid' }).max(1200, 'errors.tooLong').optional() }),
  result: z.object({
    /** True: `tickets` is the whole list; false: only the tickets changed since the token sent. */
    full: z.boolean(),
    /** What the device sends as `since` next time. */
    token: z.string(),
    exhibition: z.object({ id: z.number().int(), title: z.string(), startsAt: z.string(), endsAt: z.string(), timeZone: z.string() }),
    publicKey: z.object({ kid: z.string(), x: z.string() }),
    tickets: z.array(
      z.object({
        id: z.string(),
        orderNumber: z.string(),
        /** The holder's name as shown (shared/rules/names.ts), and its parts, which the door's look-up searches in either order. */
        name: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        ticketType: z.string(),
        /** An exhibitor's team pass: the company the door names with "Exhibitor" (docs/product.md#team-passes); null for a visitor. */
        company: z.string().nullable(),
        /** The company and position the holder gave (docs/product.md#attendee-company), for the answer and the printed badge. */
        holderCompany: z.string().nullable(),
        jobTitle: z.string().nullable(),
        /** The role its badge shows, which every scan's answer shows as a band and a word (docs/product.md#badges). */
        role: z.enum(BADGE_ROLES),
        state: z.enum(DOOR_TICKET_STATES),
        checkin: firstCheckin.nullable(),
      }),
    ),
    /** Ticket ids no longer in the list (re-issued under a new id): their old codes are unknown now. */
    removed: z.array(z.string()),
    gates: z.array(z.object({ gate: z.string(), checkedIn: z.number().int() })),
    serverTime: z.string(),
  }),
})

/**
 * A device's scans and undos, made online or offline, in the order they happened. Each scan names its
 * ticket by the QR code or (picked by name or order) by id. The answer judges each one; sending the
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
