import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { blockCommenter, hideComment, type ModerationRow, restoreComment, unblockCommenter } from '../../../api/console-comments.ts'
import { cleanCommentText } from '../../../../shared/rules/accounts.ts'
import { MODERATION_LIMITS } from '../../../../shared/rules/console-comments.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import { FormEnd } from '../../ui/form-end.tsx'
import { TextAreaField, TextField } from '../../ui/text-field.tsx'
import { FormProblems, useFormCall } from '../../ui/use-form-call.ts'
import styles from './comments.module.css'

export type ModerationAction = 'hide' | 'restore' | 'block' | 'unblock'

const SUBMIT: Record<ModerationAction, string> = {
  hide: 'comments.hideSubmit',
  restore: 'comments.restoreSubmit',
  block: 'comments.blockSubmit',
  unblock: 'comments.unblockSubmit',
}

/** A reason or a note; the form opens with the focus here, and it comes back here when the field is refused. */
function Reason({ error, ...field }: { name: string; label: string; hint: string; error: string | undefined; maxLength: number; required: boolean }) {
  const ref = useRef<HTMLTextAreaElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new error is the reason to focus again
  useEffect(() => {
    ref.current?.focus()
  }, [error])
  return <TextAreaField ref={ref} {...field} error={error} className={styles.reason} rows={2} />
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
  const nick = row.author.nick
  const withReason = action === 'hide' || action === 'block'

  const run = async (form: FormData): Promise<string> => {
    const text = (name: string) => String(form.get(name) ?? '')
    // The platform refuses an empty reason too; saying it here spares the round trip.
    if (withReason && !cleanCommentText(text('reason'))) throw new FormProblems({ reason: 'console:errors.reasonRequired' })
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

  const { busy, submit, fieldError, message } = useFormCall(run, onDone)

  return (
    <form className={`${ui.form} ${styles.action}`} onSubmit={(event) => void submit(event)} noValidate>
      {withReason ? (
        <Reason
          name="reason"
          label={t('comments.reason')}
          hint={t(action === 'hide' ? 'comments.hideHint' : 'comments.blockHint')}
          error={fieldError('reason')}
          maxLength={MODERATION_LIMITS.reason}
          required
        />
      ) : (
        <Reason
          name="note"
          label={t('comments.note')}
          hint={t('comments.noteHint')}
          error={fieldError('note')}
          maxLength={MODERATION_LIMITS.note}
          required={false}
        />
      )}
      {action === 'block' ? <BlockFields error={fieldError('until')} /> : null}
      <FormEnd message={message} busy={busy} save={t(SUBMIT[action])} danger={withReason} cancel={t('comments.cancel')} onCancel={onCancel} />
    </form>
  )
}

/** A block's end day and whether to hide the author's comments with it. */
function BlockFields({ error }: { error: string | undefined }) {
  const { t } = useTranslation()
  return (
    <>
      <TextField label={t('comments.until')} hint={t('comments.untilHint')} type="date" name="until" className={styles.date} error={error} />
      <label className={ui.choice}>
        <input type="checkbox" name="hideAll" />
        <span>{t('comments.hideAll')}</span>
      </label>
    </>
  )
}
