import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import {
  ANSWER_FILE_ACCEPT,
  ANSWER_FILE_FIELD,
  ANSWER_FILE_LIMITS,
  ANSWER_FILE_MESSAGES,
  ANSWER_FILE_UPLOAD_PATH,
  type AnswerFileView,
  answerFilePath,
} from '../../../shared/rules/ticket-question-files.ts'
import { checkoutStyles as ui } from './checkout-page.tsx'
import styles from './question-fields.module.css'
import { fieldText } from './refusal.ts'

type Outcome = { ok: true; file: AnswerFileView } | { ok: false; code: string; params: Record<string, unknown> }

/** The files this tab uploaded or was shown, by token: a draft holds only the token. */
const known = new Map<string, AnswerFileView>()
export const rememberFiles = (files: ReadonlyArray<AnswerFileView | null | undefined>) => {
  for (const file of files) if (file) known.set(file.token, file)
}

const post = (form: FormData) => fetch(ANSWER_FILE_UPLOAD_PATH, { method: 'POST', body: form, credentials: 'same-origin' })

/**
 * Sends one file ahead of the answers (docs/product.md#ticket-question-files); the platform judges it
 * by its content. Only the size is checked here first, so a file too large never travels. The upload
 * goes with the access-token cookie: an expired one is renewed once, as every gateway call does.
 */
export async function uploadAnswerFile(file: File): Promise<Outcome> {
  if (file.size > ANSWER_FILE_LIMITS.mb * 1024 * 1024) return { ok: false, code: ANSWER_FILE_MESSAGES.tooLarge, params: { maxMb: ANSWER_FILE_LIMITS.mb } }
  const form = new FormData()
  form.append(ANSWER_FILE_FIELD, file, file.name)
  try {
    let response = await post(form)
    if (response.status === 401) {
      await fetch('/api/token', { method: 'POST', credentials: 'same-origin' })
      response = await post(form)
    }
    const body = (await response.json().catch(() => undefined)) as { succeed?: boolean; data?: unknown; message?: string } | undefined
    if (body?.succeed) {
      const kept = body.data as AnswerFileView
      known.set(kept.token, kept)
      return { ok: true, file: kept }
    }
    const params = body?.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : {}
    return { ok: false, code: body?.message || 'tickets:questions.file.failed', params }
  } catch {
    return { ok: false, code: 'tickets:questions.file.failed', params: {} }
  }
}

/** A file's size as people read it, in the page's language. */
export function fileSize(bytes: number, lang: string): string {
  const [unit, value] = bytes >= 1024 * 1024 ? ['megabyte', bytes / 1024 / 1024] : ['kilobyte', Math.max(1, bytes / 1024)]
  return new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: unit === 'megabyte' ? 1 : 0 }).format(value)
}

/** A link that saves a file answer (a plain link: the login cookie opens it). */
export function AnswerFileLink({ file }: { file: AnswerFileView }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  return (
    <a href={answerFilePath(site.lang, file.token)} download>
      {t('questions.file.download', { name: file.name })} ({fileSize(file.bytes, site.lang)})
    </a>
  )
}

interface FileAnswerProps {
  id: string
  token: string
  required: boolean
  disabled: boolean
  described: string | undefined
  error: string | undefined
  onChange(token: string): void
}

/**
 * A file question's control: the chosen file (with its download), a file input that uploads at once,
 * and a remove button. What the upload refuses is said under it in the form's words.
 */
export function FileAnswer({ id, token, required, disabled, described, error, onChange }: FileAnswerProps) {
  const { t } = useTranslation('tickets')
  const [pending, setPending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const file = token ? known.get(token) : undefined
  const shown = refusal ?? error
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return
    setPending(true)
    setRefusal(null)
    const outcome = await uploadAnswerFile(chosen)
    setPending(false)
    if (outcome.ok) onChange(outcome.file.token)
    else setRefusal(fieldText(t, outcome.code, outcome.params))
  }
  return (
    <>
      {file ? (
        <p className={styles.help}>
          <AnswerFileLink file={file} />
        </p>
      ) : null}
      <input
        id={id}
        type="file"
        className={ui.input}
        accept={ANSWER_FILE_ACCEPT}
        disabled={disabled || pending}
        required={required && !token}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[described, shown ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          void choose(event.target.files?.[0])
          event.target.value = ''
        }}
      />
      {pending ? (
        <p className={styles.help} role="status">
          {t('questions.file.uploading')}
        </p>
      ) : null}
      {token && !pending ? (
        <button type="button" className={ui.secondary} disabled={disabled} onClick={() => onChange('')}>
          {t('questions.file.remove')}
        </button>
      ) : null}
      {shown ? (
        <p id={`${id}-error`} className={ui.error}>
          {shown}
        </p>
      ) : null}
    </>
  )
}
