import type { z } from 'zod'
import type * as consoleContracts from '../../../../shared/contracts/console-exhibitor-tasks.ts'
import type * as contracts from '../../../../shared/contracts/exhibitor-tasks.ts'
import { contentFallbackChain, LOCALES, type Locale } from '../../../../shared/languages.ts'
import { CONFIRMED_KINDS, TASK_LIMITS, TASK_MESSAGES, type TaskState, taskState } from '../../../../shared/rules/exhibitor-tasks.ts'
import { EXHIBITOR_MESSAGES, profileGaps } from '../../../../shared/rules/exhibitors.ts'
import { localDate } from '../../../../shared/zoned-time.ts'
import type { Database, Queryable } from '../../../db/client.ts'
import { conflict, forbidden, invalid, notFound } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import * as exhibitors from '../exhibitors.repo.ts'
import * as repo from './tasks.repo.ts'
import * as forms from './forms.repo.ts'
import { checklistForms, consoleForms } from './forms.ts'

type Board = z.output<typeof consoleContracts.taskBoard>
type SavePayload = z.output<typeof consoleContracts.saveExhibitorTask.payload>
type States = z.output<typeof consoleContracts.exhibitorTaskStates.result>
type Checklist = z.output<typeof contracts.checklistView>

const now = () => new Date(Date.now())
const iso = (value: Date | string) => new Date(value).toISOString()
const inScope = (actor: StaffActor, exhibitionId: number) => actor.scope === null || actor.scope.includes(exhibitionId)
const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')

/** Whether a task is done for an exhibitor: by its profile's facts, or by an admin's confirmation. */
export function isDone(task: Pick<repo.TaskRow, 'id' | 'kind'>, facts: repo.FactsRow, confirmed: ReadonlySet<string>): boolean {
  if (task.kind === 'logo') return facts.has_logo
  // Nothing to name is not done: the task waits for a grant or a booth with passes.
  if (task.kind === 'passes') return facts.pass_allowance > 0 && facts.passes_named >= facts.pass_allowance
  if (task.kind === 'profile') {
    return (
      profileGaps({
        kind: facts.kind,
        website: facts.website,
        country: facts.country,
        licences: Array.from({ length: facts.licences }),
        texts: facts.en_summary === null ? {} : { en: { summary: facts.en_summary, description: facts.en_description ?? '' } },
      }).length === 0
    )
  }
  return confirmed.has(`${task.id}:${facts.exhibitor_id}`)
}

const confirmedSet = (rows: readonly repo.ConfirmationRow[]) => new Set(rows.map((row) => `${row.task_id}:${row.exhibitor_id}`))

/** A task's text along the reader's fallback chain (English last; any written language before nothing). */
export function textIn(texts: readonly repo.TaskTextRow[], locale: Locale): repo.TaskTextRow | null {
  const chain = contentFallbackChain(locale)
  return [...texts].sort((a, b) => rank(chain, a.locale) - rank(chain, b.locale))[0] ?? null
}
const rank = (chain: readonly Locale[], locale: Locale) => {
  const at = chain.indexOf(locale)
  return at < 0 ? chain.length + LOCALES.indexOf(locale) : at
}

/** The manual's PDF in the reader's language along the content fallback chain (English last), as the task's texts. */
export function manualIn<T extends { locale: Locale }>(manuals: readonly T[], locale: Locale): T | null {
  for (const candidate of contentFallbackChain(locale)) {
    const found = manuals.find((manual) => manual.locale === candidate)
    if (found) return found
  }
  return null
}

/** The instructions along the reader's chain, from the first language that has any. */
export const instructionsIn = (texts: readonly repo.TaskTextRow[], locale: Locale) =>
  textIn(
    texts.filter((text) => text.instructions),
    locale,
  )

function textsByTask(rows: readonly repo.TaskTextRow[]): Map<number, repo.TaskTextRow[]> {
  const map = new Map<number, repo.TaskTextRow[]>()
  for (const row of rows) map.set(row.task_id, [...(map.get(row.task_id) ?? []), row])
  return map
}

export interface TaskCounts {
  done: number
  total: number
  overdue: number
}

/** Each exhibitor's tasks done, in all and overdue, for the console's list and export (withdrawn ones too). */
export async function taskCounts(db: Queryable, exhibitionIds: readonly number[]): Promise<Map<number, TaskCounts>> {
  const ids = [...new Set(exhibitionIds)]
  const facts = await repo.factsOfExhibitions(db, ids, true)
  const counts = new Map<number, TaskCounts>()
  await Promise.all(
    ids.map(async (exhibitionId) => {
      const exhibition = await repo.exhibition(db, exhibitionId, ['en'])
      if (!exhibition) return
      const today = localDate(now(), exhibition.time_zone)
      const [tasks, confirmations] = await Promise.all([repo.tasksOf(db, exhibitionId), repo.confirmationsOf(db, { exhibitionId })])
      const confirmed = confirmedSet(confirmations)
      for (const row of facts.filter((candidate) => candidate.exhibition_id === exhibitionId)) {
        const states = tasks.map((task) => taskState(isDone(task, row, confirmed), today, task.due_on))
        counts.set(row.exhibitor_id, {
          done: states.filter((state) => state === 'done').length,
          total: states.length,
          overdue: states.filter((state) => state === 'overdue').length,
        })
      }
    }),
  )
  return counts
}

/** The organiser's checklist of an exhibition, with how many active exhibitors have done each task. */
export async function taskBoard(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<Board> {
  if (!inScope(actor, exhibitionId)) throw exhibitionNotFound()
  const exhibition = await repo.exhibition(db, exhibitionId, contentFallbackChain(actor.locale))
  if (!exhibition) throw exhibitionNotFound()
  const today = localDate(now(), exhibition.time_zone)
  const tasks = await repo.tasksOf(db, exhibitionId)
  const [texts, facts, confirmations, formsOf, currency, manuals] = await Promise.all([
    repo.textsOf(
      db,
      tasks.map((task) => task.id),
    ),
    repo.factsOfExhibitions(db, [exhibitionId]),
    repo.confirmationsOf(db, { exhibitionId }),
    consoleForms(db, tasks),
    forms.exhibitionCurrency(db, exhibitionId),
    repo.manualsOf(
      db,
      tasks.map((task) => task.id),
    ),
  ])
  const confirmed = confirmedSet(confirmations)
  const byTask = textsByTask(texts)
  return {
    exhibition: {
      id: exhibition.id,
      title: exhibition.title,
      timeZone: exhibition.time_zone,
      startsOn: localDate(exhibition.starts_at, exhibition.time_zone),
      today,
    },
    exhibitors: facts.length,
    currency,
    tasks: tasks.map((task) => {
      const states = facts.map((row) => taskState(isDone(task, row, confirmed), today, task.due_on))
      return {
        id: task.id,
        kind: task.kind,
        dueOn: task.due_on,
        version: task.version,
        texts: Object.fromEntries((byTask.get(task.id) ?? []).map((text) => [text.locale, { title: text.title, instructions: text.instructions }])),
        done: states.filter((state) => state === 'done').length,
        overdue: states.filter((state) => state === 'overdue').length,
        form: formsOf.get(task.id) ?? null,
        manuals: manuals
          .filter((manual) => manual.task_id === task.id)
          .map((manual) => ({
            locale: manual.locale,
            name: manual.file_name,
            bytes: manual.bytes,
            version: manual.version,
            uploadedAt: iso(manual.uploaded_at),
          })),
      }
    }),
  }
}

const textsOfPayload = (payload: SavePayload) =>
  LOCALES.flatMap((locale) => {
    const text = payload.texts[locale]
    return text?.title ? [{ locale, title: text.title, instructions: text.instructions }] : []
  })

/**
 * A task added or changed (docs/product.md#console-exhibitor-tasks), with its audit line, in one
 * transaction. Its day may not come after the exhibition's first day at the venue: the checklist is
 * what exhibitors prepare before it opens.
 */
export async function saveTask(platform: Platform, actor: StaffActor, payload: SavePayload): Promise<Board> {
  const { db } = platform
  if (!inScope(actor, payload.exhibitionId)) throw exhibitionNotFound()
  await db.transaction(async (tx) => {
    const exhibition = await repo.exhibition(tx, payload.exhibitionId, ['en'], true)
    if (!exhibition) throw exhibitionNotFound()
    const startsOn = localDate(exhibition.starts_at, exhibition.time_zone)
    if (payload.dueOn > startsOn) throw invalid({ dueOn: TASK_MESSAGES.dueAfterStart }, TASK_MESSAGES.dueAfterStart)
    const fields = { kind: payload.kind, dueOn: payload.dueOn }
    const form = payload.kind === 'form' ? (payload.form ?? null) : null
    const texts = textsOfPayload(payload)
    const at = now()
    let taskId: number
    let before: Record<string, unknown> | null = null
    if (payload.id === undefined) {
      if ((await repo.countOf(tx, payload.exhibitionId)) >= TASK_LIMITS.perExhibition) throw conflict(TASK_MESSAGES.tooMany, { max: TASK_LIMITS.perExhibition })
      taskId = await repo.insertTask(tx, payload.exhibitionId, fields, at)
    } else {
      const found = await repo.task(tx, payload.exhibitionId, payload.id, true)
      if (!found) throw notFound(TASK_MESSAGES.notFound)
      if (found.version !== payload.version) throw conflict(TASK_MESSAGES.changed)
      const oldTexts = await repo.textsOf(tx, [found.id])
      before = { kind: found.kind, dueOn: found.due_on, titles: titlesOf(oldTexts), ...(await formAudit(tx, found)) }
      if (!(await repo.updateTask(tx, found.id, found.version, fields, at))) throw conflict(TASK_MESSAGES.changed)
      taskId = found.id
    }
    await repo.replaceTexts(tx, taskId, texts)
    if (!(await forms.replaceForm(tx, taskId, form))) throw conflict(TASK_MESSAGES.changed)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$saveExhibitorTask',
        target: `exhibition:${payload.exhibitionId}`,
        before,
        after: {
          task: taskId,
          ...fields,
          titles: titlesOf(texts),
          ...(form
            ? {
                form: {
                  currency: form.currency,
                  items: form.items.map((item) => ({ label: item.labels.en, priceMinor: item.priceMinor, maxQuantity: item.maxQuantity })),
                },
              }
            : {}),
        },
      },
    )
  })
  return taskBoard(db, actor, payload.exhibitionId)
}

/** A form's currency and items as the audit line keeps them (English labels). */
async function formAudit(db: Queryable, task: repo.TaskRow): Promise<Record<string, unknown>> {
  if (task.kind !== 'form') return {}
  const [items, currencies] = await Promise.all([forms.itemsOf(db, [task.id]), forms.currenciesOf(db, [task.id])])
  return {
    form: {
      currency: currencies.get(task.id) ?? null,
      items: items.map((item) => ({ label: item.labels.en, priceMinor: item.unit_price_minor, maxQuantity: item.max_quantity })),
    },
  }
}

const titlesOf = (texts: ReadonlyArray<{ locale: Locale; title: string }>) => Object.fromEntries(texts.map((text) => [text.locale, text.title]))

/** The checklist's new order: the ids must be the exhibition's tasks, each once (a list out of date is refused). */
export async function reorderTasks(platform: Platform, actor: StaffActor, target: { exhibitionId: number; ids: number[] }): Promise<Board> {
  const { db } = platform
  if (!inScope(actor, target.exhibitionId)) throw exhibitionNotFound()
  await db.transaction(async (tx) => {
    if (!(await repo.exhibition(tx, target.exhibitionId, ['en'], true))) throw exhibitionNotFound()
    const tasks = await repo.tasksOf(tx, target.exhibitionId)
    const wanted = new Set(target.ids)
    if (wanted.size !== target.ids.length || wanted.size !== tasks.length || tasks.some((task) => !wanted.has(task.id))) {
      throw conflict(TASK_MESSAGES.order)
    }
    await repo.setOrder(tx, target.exhibitionId, target.ids)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$reorderExhibitorTasks',
        target: `exhibition:${target.exhibitionId}`,
        before: { order: tasks.map((task) => task.id) },
        after: { order: target.ids },
      },
    )
  })
  return taskBoard(db, actor, target.exhibitionId)
}

/** A task taken off the checklist, with the exhibitors' confirmations and reminders of it. */
export async function deleteTask(platform: Platform, actor: StaffActor, target: { exhibitionId: number; id: number; version: number }): Promise<Board> {
  const { db } = platform
  if (!inScope(actor, target.exhibitionId)) throw exhibitionNotFound()
  let files: string[] = []
  await db.transaction(async (tx) => {
    const found = await repo.task(tx, target.exhibitionId, target.id, true)
    if (!found) throw notFound(TASK_MESSAGES.notFound)
    if (found.version !== target.version) throw conflict(TASK_MESSAGES.changed)
    files = (await repo.manualsOf(tx, [found.id], true)).map((manual) => manual.storage_key)
    const texts = await repo.textsOf(tx, [found.id])
    if (!(await repo.deleteTask(tx, found.id, found.version))) throw conflict(TASK_MESSAGES.changed)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$deleteExhibitorTask',
        target: `exhibition:${target.exhibitionId}`,
        before: { task: found.id, kind: found.kind, dueOn: found.due_on, titles: titlesOf(texts) },
        after: null,
      },
    )
  })
  // The manual's files go with the task once its rows have (a failed removal leaves an unreachable file).
  for (const key of files) {
    await platform.services.media.storage.delete(key).catch((error: unknown) => platform.logger.warn({ err: error }, 'exhibitor manual: file not removed'))
  }
  return taskBoard(db, actor, target.exhibitionId)
}

interface TaskLine {
  task: repo.TaskRow
  text: repo.TaskTextRow | null
  instructions: repo.TaskTextRow | null
  state: TaskState
  confirmation: repo.ConfirmationRow | null
  /** A `manual` task's PDF in the reader's language (or the fallback's). */
  manual: repo.ManualRow | null
}

/** Each task of the exhibitor's exhibition with its state for it, in the checklist's order. */
async function linesOf(db: Queryable, exhibitorId: number, locale: Locale): Promise<{ today: string; lines: TaskLine[] } | null> {
  const facts = await repo.factsOfExhibitor(db, exhibitorId)
  if (!facts) return null
  const exhibition = (await repo.exhibition(db, facts.exhibition_id, ['en'])) as repo.TaskExhibitionRow
  const today = localDate(now(), exhibition.time_zone)
  const tasks = await repo.tasksOf(db, facts.exhibition_id)
  const [texts, confirmations, manuals] = await Promise.all([
    repo.textsOf(
      db,
      tasks.map((task) => task.id),
    ),
    repo.confirmationsOf(db, { exhibitorId }),
    repo.manualsOf(
      db,
      tasks.filter((task) => task.kind === 'manual').map((task) => task.id),
    ),
  ])
  const confirmed = confirmedSet(confirmations)
  const byTask = textsByTask(texts)
  return {
    today,
    lines: tasks.map((task) => ({
      task,
      text: textIn(byTask.get(task.id) ?? [], locale),
      instructions: instructionsIn(byTask.get(task.id) ?? [], locale),
      state: taskState(isDone(task, facts, confirmed), today, task.due_on),
      confirmation: confirmations.find((row) => row.task_id === task.id) ?? null,
      manual: manualIn(
        manuals.filter((manual) => manual.task_id === task.id),
        locale,
      ),
    })),
  }
}

/** One exhibitor's state of each task, for its console page. */
export async function taskStates(db: Queryable, actor: StaffActor, exhibitorId: number): Promise<States> {
  const row = await exhibitors.exhibitorFor(db, exhibitorId, '00000000-0000-0000-0000-000000000000', ['en'])
  if (!row || !inScope(actor, row.exhibition_id)) throw notFound('console:errors.exhibitorNotFound')
  const found = (await linesOf(db, exhibitorId, actor.locale)) as { lines: TaskLine[] }
  return {
    tasks: found.lines.map((line) => ({
      id: line.task.id,
      kind: line.task.kind,
      title: line.text?.title ?? '',
      dueOn: line.task.due_on,
      state: line.state,
      confirmedAt: line.confirmation ? iso(line.confirmation.confirmed_at) : null,
      confirmedBy: line.confirmation?.confirmed_by ?? null,
    })),
  }
}

const exhibitorNotFound = () => notFound(EXHIBITOR_MESSAGES.notFound)

/** The exhibitor area's checklist: a member of the exhibitor reads it; anyone else gets the same 404. */
export async function checklist(db: Queryable, accountId: string, exhibitorId: number, locale: Locale): Promise<Checklist> {
  const row = await exhibitors.exhibitorFor(db, exhibitorId, accountId, ['en'])
  if (!row?.role) throw exhibitorNotFound()
  const found = (await linesOf(db, exhibitorId, locale)) as { today: string; lines: TaskLine[] }
  const formsOf = await checklistForms(
    db,
    found.lines.map((line) => line.task),
    exhibitorId,
    locale,
  )
  return {
    today: found.today,
    tasks: found.lines.map((line) => ({
      id: line.task.id,
      kind: line.task.kind,
      title: line.text?.title ?? '',
      textLocale: line.text?.locale ?? 'en',
      instructions: line.instructions?.instructions ?? '',
      instructionsLocale: line.instructions?.locale ?? 'en',
      dueOn: line.task.due_on,
      state: line.state,
      confirmedAt: line.confirmation ? iso(line.confirmation.confirmed_at) : null,
      form: formsOf.get(line.task.id) ?? null,
      confirmedBy: line.confirmation?.confirmed_by ?? null,
      manual: line.manual ? { locale: line.manual.locale, bytes: line.manual.bytes } : null,
    })),
  }
}

/**
 * An admin confirms a task that is done by hand (the automatic ones follow the profile). Staff may
 * not (403); a withdrawn exhibitor confirms nothing (409); a task of the facts is refused as a field.
 */
export async function confirmTask(db: Database, accountId: string, target: { exhibitorId: number; taskId: number }, locale: Locale): Promise<Checklist> {
  await db.transaction(async (tx) => {
    const row = await exhibitors.exhibitorFor(tx, target.exhibitorId, accountId, ['en'], true)
    if (!row?.role) throw exhibitorNotFound()
    if (row.role !== 'admin') throw forbidden(EXHIBITOR_MESSAGES.adminsOnly)
    if (row.status !== 'active') throw conflict(EXHIBITOR_MESSAGES.withdrawn)
    const found = await repo.task(tx, row.exhibition_id, target.taskId)
    if (!found) throw notFound('exhibitor:errors.taskNotFound')
    if (!CONFIRMED_KINDS.includes(found.kind)) throw invalid({ taskId: 'exhibitor:errors.taskAutomatic' }, 'exhibitor:errors.taskAutomatic')
    await repo.confirm(tx, found.id, target.exhibitorId, accountId, now())
  })
  return checklist(db, accountId, target.exhibitorId, locale)
}
