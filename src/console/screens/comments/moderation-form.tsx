import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { blockCommenter, hideComment, type ModerationRow, restoreComment, unblockCommenter } from '../../../api/console.ts'
import type { FieldErrors } from '../../../../shared/functions/gateway.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { cleanCommentText } from '../../../../shared/rules/accounts.ts'
import { MODERATION_LIMITS } from '../../../../shared/rules/console-comments.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import styles from './comments.module.css'

export type ModerationAction = 'hide' | 'restore' | 'block' | 'unblock'

const SUBMIT: Record<ModerationAction, string> = {
  hide: 'comments.hideSubmit',
  restore: 'comments.restoreSubmit',
  block: 'comments.blockSubmit',
  unblock: 'comments.unblockSubmit',
}

/** A labelled text area with its hint and error tied to it, for reasons and notes. */
function TextArea({
  name,
  label,
  hint,
  error,
  max,
  required,
}: {
  name: string
  label: string
  hint: string
  error?: string | undefined
  max: number
  required: boolean
}) {
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  // The form opens with the focus here, and it comes back here when the field is refused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new error is the reason to focus again
  useEffect(() => {
    field.current?.focus()
  }, [error])
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={field}
        id={id}
        name={name}
        className={`${ui.input} ${styles.reason}`}
        rows={2}
        maxLength={max}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p className={ui.hint} id={`${id}-hint`}>
        {hint}
      </p>
      {error ? (
        <p className={ui.fieldError} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * One moderation step on a comment or its author, with its reason or note. The reason of a hide or
 * a block is read by the visitor concerned; a note on a restore or unblock goes to the audit log only.
 */
export function ModerationForm({
  action,
  row,
  onDone,
  onCancel,
}: {
  action: ModerationAction
  row: ModerationRow
  onDone(notice: string): void
  onCancel(): void
}) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState('')
  const nick = row.author.nick
  const withReason = action === 'hide' || action === 'block'

  const run = async (form: FormData): Promise<string> => {
    const text = (name: string) => String(form.get(name) ?? '')
    const accountId = row.author.accountId
    if (action === 'hide') await client.call(hideComment, { id: row.id, reason: text('reason') })
    if (action === 'restore') await client.call(restoreComment, { id: row.id, note: text('note') })
    if (action === 'unblock') await client.call(unblockCommenter, { accountId, note: text('note') })
    if (action === 'block') {
      const done = await client.call(blockCommenter, {
        accountId,
        reason: text('reason'),
        until: text('until') || null,
        hideComments: form.get('hideAll') === 'on',
      })
      return done.hidden ? t('comments.blockedHidden', { nick, count: done.hidden }) : t('comments.blocked', { nick })
    }
    return action === 'hide' ? t('comments.hidden') : action === 'restore' ? t('comments.restored') : t('comments.unblocked', { nick })
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    // The platform refuses an empty reason too; saying it here spares the round trip.
    if (withReason && !cleanCommentText(String(form.get('reason') ?? ''))) {
      setFields({ reason: 'console:errors.reasonRequired' })
      return
    }
    setBusy(true)
    setFields({})
    setMessage('')
    try {
      onDone(await run(form))
    } catch (error) {
      if (error instanceof GatewayError && Object.keys(error.fields).length) setFields(error.fields)
      else setMessage(errorText(error))
      setBusy(false)
    }
  }
  const fieldError = (name: string) => (fields[name] ? errorText(new GatewayError(400, fields[name] as string, null)) : undefined)

  return (
    <form className={`${ui.form} ${styles.action}`} onSubmit={(event) => void submit(event)} noValidate>
      {withReason ? (
        <TextArea
          name="reason"
          label={t('comments.reason')}
          hint={t(action === 'hide' ? 'comments.hideHint' : 'comments.blockHint')}
          error={fieldError('reason')}
          max={MODERATION_LIMITS.reason}
          required
        />
      ) : (
        <TextArea
          name="note"
          label={t('comments.note')}
          hint={t('comments.noteHint')}
          error={fieldError('note')}
          max={MODERATION_LIMITS.note}
          required={false}
        />
      )}
      {action === 'block' ? <BlockFields error={fieldError('until')} /> : null}
      {message ? (
        <p className={ui.alert} role="alert">
          {message}
        </p>
      ) : null}
      <div className={ui.actions}>
        <button type="submit" className={`${ui.button} ${withReason ? ui.danger : ui.primary}`} disabled={busy} aria-busy={busy}>
          {t(SUBMIT[action])}
        </button>
        <button type="button" className={ui.button} onClick={onCancel} disabled={busy}>
          {t('comments.cancel')}
        </button>
      </div>
    </form>
  )
}

/** A block's end day and whether to hide the author's comments with it. */
function BlockFields({ error }: { error: string | undefined }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={id}>
          {t('comments.until')}
        </label>
        <input
          id={id}
          type="date"
          name="until"
          className={`${ui.input} ${styles.date}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p className={ui.hint} id={`${id}-hint`}>
          {t('comments.untilHint')}
        </p>
        {error ? (
          <p className={ui.fieldError} id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <label className={ui.choice}>
        <input type="checkbox" name="hideAll" />
        <span>{t('comments.hideAll')}</span>
      </label>
    </>
  )
}
