import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ChecklistView, confirmExhibitorTask, exhibitorChecklist } from '../../api/exhibitors.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { LANGUAGE_INFO, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { CONFIRMED_KINDS, manualPath, type TaskState } from '../../../shared/rules/exhibitor-tasks.ts'
import styles from './checklist.module.css'
import area from './exhibitor-area.module.css'
import { useAreaAction } from './messages.ts'
import type { Country } from './area-load.ts'
import { lazySection } from '../../lib/lazy-section.tsx'

// A priced form is drawn only where the checklist has one (docs/product.md#exhibitor-forms).
const ServiceForm = lazySection('exhibitor-area/service-form', () => import('./service-form.tsx').then((module) => module.ServiceForm))

type Task = ChecklistView['tasks'][number]

const TASK_CLASS: Record<TaskState, string | undefined> = { done: styles.taskDone, due: styles.taskDue, overdue: styles.taskOverdue }
const STATE_CLASS: Record<TaskState, string | undefined> = { done: styles.stateDone, due: styles.stateDue, overdue: styles.stateOverdue }

/** A day at the venue (YYYY-MM-DD) in the reader's language, formatted at UTC so no zone moves it. */
const dayIn = (day: string, htmlLang: string) => new Intl.DateTimeFormat(htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))

/**
 * The organiser's checklist (docs/product.md#exhibitor-tasks): each task with its day at the venue and
 * its state; an admin marks a task of the organiser's as done, the automatic ones link to the profile.
 */
export function Checklist({
  exhibitorId,
  checklist: loaded,
  admin,
  active,
  profile,
  countries,
}: {
  exhibitorId: number
  countries: Country[]
  checklist: ChecklistView
  admin: boolean
  active: boolean
  /** Changes when the profile or its logo does: the automatic tasks are read again. */
  profile: string
}) {
  const { t } = useTranslation('exhibitor')
  const gateway = useGateway()
  const [checklist, setChecklist] = useState(loaded)
  const { busy, problem, notice, setNotice, run } = useAreaAction()
  const shown = useRef(profile)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the profile changes
  useEffect(() => {
    if (shown.current === profile) return
    shown.current = profile
    void run(async () => setChecklist(await gateway.call(exhibitorChecklist, { exhibitorId })))
  }, [profile])
  // A manual opened in another tab marks its task done on the server: read the checklist again on return.
  const opened = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: listens once; reads the latest exhibitor through the closure
  useEffect(() => {
    const back = () => {
      if (document.visibilityState !== 'visible' || !opened.current) return
      opened.current = false
      void run(async () => setChecklist(await gateway.call(exhibitorChecklist, { exhibitorId })))
    }
    document.addEventListener('visibilitychange', back)
    window.addEventListener('focus', back)
    return () => {
      document.removeEventListener('visibilitychange', back)
      window.removeEventListener('focus', back)
    }
  }, [exhibitorId])
  const done = checklist.tasks.filter((task) => task.state === 'done').length

  const confirm = (task: Task) =>
    run(async () => {
      setChecklist(await gateway.call(confirmExhibitorTask, { exhibitorId, taskId: task.id }))
      setNotice(t('checklist.marked'))
    })

  return (
    <section id="checklist" className={area.card} aria-labelledby="checklist-title">
      <h2 id="checklist-title" className={area.cardTitle}>
        {t('checklist.title')}
      </h2>
      {checklist.tasks.length ? (
        <>
          <p className={area.muted}>{t('checklist.lead')}</p>
          <p className={styles.progress}>{t('checklist.progress', { done, total: checklist.tasks.length })}</p>
          <ol className={styles.tasks}>
            {checklist.tasks.map((task) => (
              <TaskItem
                key={task.id}
                exhibitorId={exhibitorId}
                task={task}
                admin={admin && active}
                busy={busy}
                onConfirm={() => void confirm(task)}
                onOpen={() => {
                  opened.current = true
                }}
              >
                {task.form ? (
                  <Suspense fallback={null}>
                    <ServiceForm
                      exhibitorId={exhibitorId}
                      taskId={task.id}
                      form={task.form}
                      admin={admin && active}
                      countries={countries}
                      onChecklist={setChecklist}
                    />
                  </Suspense>
                ) : null}
              </TaskItem>
            ))}
          </ol>
          {admin ? null : <p className={area.muted}>{t('checklist.staffNote')}</p>}
        </>
      ) : (
        <p className={area.muted}>{t('checklist.empty')}</p>
      )}
      <p className={styles.status} role="status">
        {notice}
      </p>
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  )
}

function TaskItem({
  exhibitorId,
  task,
  admin,
  busy,
  onConfirm,
  onOpen,
  children,
}: {
  exhibitorId: number
  task: Task
  admin: boolean
  busy: boolean
  onConfirm(): void
  onOpen(): void
  children?: ReactNode
}) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const id = useId()
  const confirmedByHand = CONFIRMED_KINDS.includes(task.kind)
  return (
    <li className={`${styles.task} ${TASK_CLASS[task.state]}`}>
      <div className={styles.head}>
        <h3 id={`${id}-title`} className={styles.title} lang={task.textLocale === site.locale ? undefined : task.textLocale}>
          {task.title}
        </h3>
        <span className={`${styles.state} ${STATE_CLASS[task.state]}`}>{t(`checklist.states.${task.state}`)}</span>
      </div>
      <p className={styles.dueOn}>{t('checklist.due', { date: dayIn(task.dueOn, site.htmlLang) })}</p>
      {task.instructions ? (
        <p className={styles.instructions} lang={task.instructionsLocale === site.locale ? undefined : task.instructionsLocale}>
          {task.instructions}
        </p>
      ) : null}
      {children ? (
        children
      ) : task.kind === 'manual' ? (
        <Manual exhibitorId={exhibitorId} task={task} titleId={`${id}-title`} onOpen={onOpen} />
      ) : confirmedByHand ? (
        task.confirmedAt ? (
          <p className={area.muted}>{t('checklist.confirmed', { date: dayIn(task.confirmedAt.slice(0, 10), site.htmlLang) })}</p>
        ) : admin ? (
          <button type="button" className={area.primary} disabled={busy} aria-describedby={`${id}-title`} onClick={onConfirm}>
            {t('checklist.markDone')}
          </button>
        ) : null
      ) : (
        <>
          <p className={area.muted}>{t(`checklist.auto.${task.kind}`)}</p>
          {task.state === 'done' || !admin ? null : (
            <a className={area.secondary} href={task.kind === 'passes' ? '#passes-title' : '#profile-title'} aria-describedby={`${id}-title`}>
              {t(task.kind === 'passes' ? 'checklist.toPasses' : task.kind === 'logo' ? 'checklist.toLogo' : 'checklist.toProfile')}
            </a>
          )}
        </>
      )}
    </li>
  )
}

/**
 * The organiser's manual (docs/product.md#exhibitor-manual): its link with the PDF's language and size,
 * and who of the team opened it first (what made the task done).
 */
function Manual({ exhibitorId, task, titleId, onOpen }: { exhibitorId: number; task: Task; titleId: string; onOpen(): void }) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const { manual } = task
  return (
    <>
      {manual ? (
        <p className={styles.manual}>
          <a
            className={area.secondary}
            href={manualPath(site.lang, exhibitorId, task.id)}
            target="_blank"
            rel="noopener"
            type="application/pdf"
            hrefLang={LANGUAGE_INFO[urlLanguageOfLocale(manual.locale)].htmlLang}
            aria-describedby={titleId}
            onClick={onOpen}
          >
            {t('checklist.manualOpen')}
          </a>{' '}
          <span className={area.muted}>
            {t('checklist.manualFile', {
              language: LANGUAGE_INFO[urlLanguageOfLocale(manual.locale)].nativeName,
              // A small file reads as 0.1 MB rather than 0.0.
              size: Math.max(0.1, manual.bytes / 1024 / 1024).toFixed(1),
            })}
          </span>
        </p>
      ) : (
        <p className={area.muted}>{t('checklist.manualWaiting')}</p>
      )}
      <p className={area.muted}>
        {task.confirmedAt
          ? task.confirmedBy
            ? t('checklist.opened', { who: task.confirmedBy, date: dayIn(task.confirmedAt.slice(0, 10), site.htmlLang) })
            : t('checklist.openedGone', { date: dayIn(task.confirmedAt.slice(0, 10), site.htmlLang) })
          : t('checklist.auto.manual')}
      </p>
    </>
  )
}
