import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type StaffListItem, updateMember } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import { AccessFields, accessFromForm } from './access-fields.tsx'
import styles from './staff.module.css'

interface MemberEditorProps {
  member: StaffListItem
  onClose(): void
  onSaved(message: string): void
}

/** Changes a member's roles and exhibition limits, in a modal dialog (native <dialog>: focus is kept inside, Escape closes). */
export function MemberEditor({ member, onClose, onSaved }: MemberEditorProps) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const dialog = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')

  useEffect(() => {
    dialog.current?.showModal()
  }, [])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const access = accessFromForm(new FormData(event.currentTarget))
    if (!access.roles.length) return setMessage(t('console:errors.rolesRequired'))
    setBusy(true)
    try {
      await client.call(updateMember, { id: member.id, ...access })
      onSaved(t('staff.saved', { email: member.email }))
    } catch (error) {
      setMessage(errorText(error))
      setBusy(false)
    }
  }

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="member-editor-title" onClose={onClose}>
      <h2 id="member-editor-title" className={styles.dialogTitle}>
        {t('staff.editTitle', { name: member.name || member.email })}
      </h2>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <AccessFields roles={member.roles} exhibitionIds={member.exhibitionIds} />
        {message ? (
          <p className={ui.alert} role="alert">
            {message}
          </p>
        ) : null}
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
            {t('staff.save')}
          </button>
          <button type="button" className={ui.button} onClick={() => dialog.current?.close()}>
            {t('staff.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  )
}
