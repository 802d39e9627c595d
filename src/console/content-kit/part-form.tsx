import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import ui from '../ui/ui.module.css'
import styles from './content-kit.module.css'

interface PartFormProps {
  title: string
  lead?: string
  busy: boolean
  message: string
  status: string
  /** Someone else saved first: offer to load their version. */
  conflict: boolean
  onSave(): void
  onReload(): void
  children: ReactNode
}

/** One part of the content: its fields, then a save bar that stays in view, with what happened said to screen readers. */
export function PartForm({ title, lead, busy, message, status, conflict, onSave, onReload, children }: PartFormProps) {
  const { t } = useTranslation()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave()
  }
  return (
    <form className={ui.form} onSubmit={submit} noValidate aria-labelledby="content-part-title">
      <div>
        <h2 className={ui.panelTitle} id="content-part-title">
          {title}
        </h2>
        {lead ? <p className={ui.hint}>{lead}</p> : null}
      </div>
      {children}
      <div className={styles.saveBar}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
          {busy ? t('pages.saving') : t('pages.save')}
        </button>
        {conflict ? (
          <button type="button" className={ui.button} onClick={onReload}>
            {t('pages.reload')}
          </button>
        ) : null}
        <div aria-live="polite" role="status">
          {message ? <p className={ui.alert}>{message}</p> : status ? <p className={ui.success}>{status}</p> : null}
        </div>
      </div>
    </form>
  )
}
