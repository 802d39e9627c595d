import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConsoleTask, TaskBoard } from '../../../api/console-exhibitor-tasks.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { LANGUAGE_INFO, LOCALES, type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { CONSOLE_REQUEST_HEADER } from '../../../../shared/rules/console-access.ts'
import { MANUAL_FIELD, MANUAL_LIMITS, MANUAL_UPLOAD_PATH } from '../../../../shared/rules/exhibitor-tasks.ts'
import { FieldRow } from '../../ui/field-row.tsx'
import ui from '../../ui/ui.module.css'

const nameOf = (locale: Locale) => LANGUAGE_INFO[urlLanguageOfLocale(locale)].nativeName
// A small file reads as 0.1 MB rather than 0.0.
const megabytes = (bytes: number) => Math.max(0.1, bytes / 1024 / 1024).toFixed(1)

/** One PDF to the manual upload route; refusals are GatewayErrors with the route's code and data. */
async function uploadManual(exhibitionId: number, taskId: number, locale: Locale, file: File): Promise<TaskBoard> {
  const body = new FormData()
  body.append(MANUAL_FIELD, file)
  const query = new URLSearchParams({ exhibition: String(exhibitionId), task: String(taskId), locale })
  const response = await fetch(`${MANUAL_UPLOAD_PATH}?${query}`, {
    method: 'POST',
    headers: { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value },
    body,
  }).catch(() => null)
  if (!response) throw new GatewayError(0, 'errors.network', null)
  const envelope = (await response.json().catch(() => null)) as { succeed?: boolean; message?: string; data?: unknown } | null
  if (response.ok && envelope?.succeed) return envelope.data as TaskBoard
  throw new GatewayError(response.status, envelope?.message || 'errors.unexpected', envelope)
}

/**
 * The exhibitor manual's PDFs of each `manual` task (docs/product.md#exhibitor-manual): one a language,
 * English required before exhibitors see a link; a new upload of a language replaces its file. Loaded
 * lazily: only a checklist with a manual task needs it.
 */
export default function ManualFiles({
  board,
  mayEdit,
  titleOf,
  onChanged,
}: {
  board: TaskBoard
  mayEdit: boolean
  titleOf(task: ConsoleTask): string
  onChanged(board: TaskBoard, status: string): void
}) {
  const { t } = useTranslation()
  return (
    <>
      {board.tasks
        .filter((task) => task.kind === 'manual')
        .map((task) => (
          <ManualTask
            key={task.id}
            board={board}
            task={task}
            title={titleOf(task)}
            mayEdit={mayEdit}
            onChanged={(next) => onChanged(next, t('exhibitorTasks.manualUploaded'))}
          />
        ))}
    </>
  )
}

function ManualTask({
  board,
  task,
  title,
  mayEdit,
  onChanged,
}: {
  board: TaskBoard
  task: ConsoleTask
  title: string
  mayEdit: boolean
  onChanged(board: TaskBoard): void
}) {
  const { t, i18n } = useTranslation()
  // A refusal in the member's words, with what it names (the size limit) from the answer's data.
  const errorText = (caught: unknown) => {
    const code = caught instanceof GatewayError ? caught.code : 'errors.unexpected'
    const data = caught instanceof GatewayError ? (caught.body as { data?: unknown } | null)?.data : null
    const params = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
    return i18n.exists(code) ? t(code, params) : t('errors.unexpected')
  }
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return setError(t('exhibitorTasks.manualPick'))
    setBusy(true)
    setError('')
    try {
      onChanged(await uploadManual(board.exhibition.id, task.id, form.get('locale') as Locale, file))
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className={ui.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={ui.panelTitle}>
        {t('exhibitorTasks.manuals')}: {title}
      </h2>
      {task.manuals.length ? (
        <ul>
          {task.manuals.map((manual) => (
            <li key={manual.locale}>
              {t('exhibitorTasks.manualLine', { language: nameOf(manual.locale), name: manual.name, size: megabytes(manual.bytes), version: manual.version })}{' '}
              <a
                href={`${MANUAL_UPLOAD_PATH}?${new URLSearchParams({ exhibition: String(board.exhibition.id), task: String(task.id), locale: manual.locale })}`}
                target="_blank"
                rel="noopener"
                type="application/pdf"
                aria-label={t('exhibitorTasks.manualOpenNamed', { language: nameOf(manual.locale), title })}
              >
                {t('exhibitorTasks.manualOpen')}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>{t('exhibitorTasks.manualNone')}</p>
      )}
      {mayEdit ? (
        <form onSubmit={(event) => void submit(event)} aria-label={t('exhibitorTasks.manualUploadNamed', { title })}>
          <p className={ui.muted}>{t('exhibitorTasks.manualReplaces')}</p>
          <FieldRow label={t('exhibitorTasks.manualLanguage')}>
            {(control) => (
              <select {...control} name="locale" defaultValue="en">
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {nameOf(locale)}
                  </option>
                ))}
              </select>
            )}
          </FieldRow>
          <FieldRow label={t('exhibitorTasks.manualFile', { maxMb: MANUAL_LIMITS.mb })} error={error || undefined}>
            {(control) => <input {...control} name="file" type="file" accept="application/pdf,.pdf" />}
          </FieldRow>
          <div className={ui.actions}>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
              {t('exhibitorTasks.manualUpload')}
            </button>
          </div>
          <p className="visually-hidden" role="alert">
            {error}
          </p>
        </form>
      ) : null}
    </section>
  )
}
