import type { Queryable } from '../../db/client.ts'

/** SQL of the search feature switches. Every statement runs unchanged on PGlite and PostgreSQL. */

export interface Switches {
  hotSearch: boolean
  recommendations: boolean
  suggestions: boolean
  typoTolerance: boolean
  brandZone: boolean
  statistics: boolean
}

export const SWITCH_NAMES = ['hotSearch', 'recommendations', 'suggestions', 'typoTolerance', 'brandZone', 'statistics'] as const

export async function readSwitches(db: Queryable): Promise<Switches> {
  const result = await db.query<{ feature: string; enabled: boolean }>('select feature, enabled from search_switches')
  const switches = Object.fromEntries(SWITCH_NAMES.map((name) => [name, true])) as unknown as Switches
  for (const row of result.rows) if ((SWITCH_NAMES as readonly string[]).includes(row.feature)) switches[row.feature as keyof Switches] = row.enabled
  return switches
}

export async function writeSwitch(db: Queryable, feature: keyof Switches, enabled: boolean): Promise<void> {
  await db.query(
    'insert into search_switches (feature, enabled) values ($1, $2) on conflict (feature) do update set enabled = excluded.enabled, updated_at = now()',
    [feature, enabled],
  )
}
