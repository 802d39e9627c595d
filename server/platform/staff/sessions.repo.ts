import type { Queryable } from '../../db/client.ts'
import type { ConsoleLanguage, StaffRole } from '../../../shared/rules/console-access.ts'

/** SQL of staff sessions (server/db/migrations/0090_staff.sql). */

export interface LiveSessionRow {
  id: string
  staff_id: string
  roles: StaffRole[]
  exhibition_ids: number[] | null
  language: ConsoleLanguage
  last_seen_at: Date
  created_at: Date
}

export interface SessionListRow {
  id: string
  created_at: Date
  last_seen_at: Date
  address: string
  device: string
}

export async function insertSession(
  db: Queryable,
  session: { tokenHash: string; staffId: string; at: Date; address: string; device: string },
): Promise<string> {
  const result = await db.query<{ id: string }>(
    'insert into staff_sessions (token_hash, staff_id, created_at, last_seen_at, address, device) values ($1, $2, $3, $3, $4, $5) returning id',
    [session.tokenHash, session.staffId, session.at, session.address, session.device],
  )
  return (result.rows[0] as { id: string }).id
}

/**
 * The session of a cookie if it is live: not ended, seen within the idle time, younger than the
 * absolute lifetime, and its member active. Taking it slides the idle time.
 */
export async function touchLiveSession(
  db: Queryable,
  tokenHash: string,
  now: Date,
  idleSeconds: number,
  lifetimeSeconds: number,
): Promise<LiveSessionRow | null> {
  const result = await db.query<LiveSessionRow>(
    `update staff_sessions s set last_seen_at = $2
       from staff_members m
      where s.token_hash = $1 and m.id = s.staff_id and m.status = 'active' and s.ended_at is null
        and s.last_seen_at > $2::timestamptz - make_interval(secs => $3)
        and s.created_at > $2::timestamptz - make_interval(secs => $4)
     returning s.id, s.staff_id, m.roles, m.exhibition_ids, m.language, s.last_seen_at, s.created_at`,
    [tokenHash, now, idleSeconds, lifetimeSeconds],
  )
  return result.rows[0] ?? null
}

export async function liveSessionsOf(db: Queryable, staffId: string, now: Date, idleSeconds: number, lifetimeSeconds: number): Promise<SessionListRow[]> {
  const result = await db.query<SessionListRow>(
    `select id, created_at, last_seen_at, address, device from staff_sessions
      where staff_id = $1 and ended_at is null
        and last_seen_at > $2::timestamptz - make_interval(secs => $3)
        and created_at > $2::timestamptz - make_interval(secs => $4)
      order by last_seen_at desc`,
    [staffId, now, idleSeconds, lifetimeSeconds],
  )
  return result.rows
}

/** Ends one session of the member; false when it is not theirs or has ended already. */
export async function endSessionOf(db: Queryable, staffId: string, sessionId: string, at: Date): Promise<boolean> {
  const result = await db.query('update staff_sessions set ended_at = $3 where id = $1 and staff_id = $2 and ended_at is null returning id', [
    sessionId,
    staffId,
    at,
  ])
  return result.rows.length > 0
}

/** Ends every session of the member (disabled, new credentials). */
export async function endAllSessionsOf(db: Queryable, staffId: string, at: Date): Promise<void> {
  await db.query('update staff_sessions set ended_at = $2 where staff_id = $1 and ended_at is null', [staffId, at])
}

export async function deleteOldSessions(db: Queryable, now: Date): Promise<void> {
  await db.query("delete from staff_sessions where coalesce(ended_at, last_seen_at) < $1::timestamptz - interval '90 days'", [now])
}
