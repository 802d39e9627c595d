import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deleteVisitor, exportVisitorData, type VisitorDetail } from '../../../api/console-visitors.ts'
import { sameAddress, VISITOR_LIMITS } from '../../../../shared/rules/console-visitors.ts'
import { useConsoleShell } from '../../console-state.ts'
import { saveFile } from '../../lib/save-file.ts'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { Alert } from '../../ui/form-end.tsx'
import { useAction } from '../../ui/use-action.ts'
import detail from '../../ui/facts.module.css'
import styles from './visitor.module.css'
import { Panel } from '../../ui/panel.tsx'

export interface Erased {
  ordersKept: number
  ordersRemoved: number
  applicationsRemoved: number
  commentsRemoved: number
}

/**
 * A person's requests about their data (owners only): a copy of everything held about them, and
 * erasure, which names what goes and what the law makes us keep, and asks for the address typed again.
 */
export function DataRequestPanel({ visitor, onErased }: { visitor: VisitorDetail; onErased: (erased: Erased) => void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, error, run } = useAction()
  const [confirmError, setConfirmError] = useState<string | undefined>()
  const [exported, setExported] = useState(false)
  const kept = visitor.orders.filter((order) => order.kept).length

  const download = () =>
    run(async () => {
      saveFile(await client.call(exportVisitorData, { id: visitor.id }))
      setExported(true)
    })

  async function erase(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = String(new FormData(event.currentTarget).get('confirmEmail') ?? '')
    if (!sameAddress(typed, visitor.email)) {
      setConfirmError(t('visitor.confirmMismatch'))
      return
    }
    setConfirmError(undefined)
    await run(async () => onErased(await client.call(deleteVisitor, { id: visitor.id, confirmEmail: typed })))
  }

  return (
    <Panel title={t('visitor.dataTitle')} className={detail.stack}>
      <div className={detail.stack}>
        <p className={ui.hint}>{t('visitor.exportHint')}</p>
        <div className={ui.actions}>
          <button type="button" className={ui.button} disabled={busy} onClick={() => void download()}>
            {t('visitor.export')}
          </button>
        </div>
        <p className={exported ? ui.success : 'visually-hidden'} role="status">
          {exported ? t('visitor.exported') : ''}
        </p>
      </div>
      <form className={`${ui.form} ${styles.danger}`} onSubmit={(event) => void erase(event)} noValidate aria-labelledby="visitor-erase-title">
        <h3 id="visitor-erase-title" className={styles.subTitle}>
          {t('visitor.eraseTitle')}
        </h3>
        <p>{t('visitor.eraseGoes')}</p>
        <ul className={styles.list}>
          <li>{t('visitor.goesAccount')}</li>
          <li>{t('visitor.goesOrders', { count: visitor.orders.length - kept })}</li>
          <li>{t('visitor.goesApplications', { count: visitor.applications.length })}</li>
          <li>{t('visitor.goesComments', { count: visitor.comments })}</li>
          <li>{t('visitor.goesTraces')}</li>
        </ul>
        <p>{t('visitor.eraseKeeps', { count: kept })}</p>
        <TextField
          name="confirmEmail"
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={VISITOR_LIMITS.search}
          label={t('visitor.confirmLabel', { email: visitor.email })}
          hint={t('visitor.confirmHint')}
          error={confirmError}
        />
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.danger}`} disabled={busy}>
            {t('visitor.erase')}
          </button>
        </div>
      </form>
      <Alert message={error} />
    </Panel>
  )
}
