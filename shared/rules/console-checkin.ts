/**
 * Check-in at the door (docs/product.md#checkin): the answers a scan can get, and the
 * limits of a device's sync. Zod-free, so the check-in screen imports it directly.
 */

/** What the server (or the device, offline) says of one scan. */
export const CHECKIN_OUTCOMES = ['checkedIn', 'already', 'forged', 'wrongExhibition', 'refunded', 'cancelled', 'unknown'] as const
export type CheckinOutcome = (typeof CHECKIN_OUTCOMES)[number]

/** A ticket as the door knows it. */
export const DOOR_TICKET_STATES = ['valid', 'refunded', 'cancelled'] as const
export type DoorTicketState = (typeof DOOR_TICKET_STATES)[number]

export const CHECKIN_LIMITS = {
  /** Scans and undos in one sync: a device that was offline for a busy hour sends them in a few. */
  batch: 200,
  gate: 40,
  deviceId: 64,
  /** How far a device's clock may claim a scan in the future before it is taken as "now". */
  clockSkewMinutes: 10,
} as const
