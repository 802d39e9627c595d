import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { blockVisitor, unblockVisitor, type VisitorDetail } from '../../../api/console.ts'
import { VISITOR_LIMITS } from '../../../../shared/rules/console-visitors.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import detail from '../../ui/detail.module.css'
import styles from './visitor.module.css'

/** Block with a reason (sessions end, sign-in refused), or lift the block. */
export function BlockPanel({ visitor, onDone }: { visitor: VisitorDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  async function run(call: () => Promise<unknown>, message: string) {
    setBusy(true)
    setError('')
    try {
      await call()
      onDone(message)
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }

  function block(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim()
    if (!reason) {
      setError(t('visitor.reasonRequired'))
      return
    }
    void run(() => client.call(blockVisitor, { id: visitor.id, reason }), t('visitor.blockedDone'))
  }

  return (
    <section className={ui.panel} aria-labelledby="visitor-block-title">
      <h2 id="visitor-block-title" className={ui.panelTitle}>
        {t(visitor.block ? 'visitor.blockedTitle' : 'visitor.blockTitle')}
      </h2>
      {visitor.block ? (
        <div className={detail.stack}>
          <p>{t('visitor.blockedSince', { when: formatDateTime(visitor.block.at, language) })}</p>
          <p className={styles.quote}>{visitor.block.reason}</p>
          <div className={ui.actions}>
            <button
              type="button"
              className={ui.button}
              disabled={busy}
              onClick={() => void run(() => client.call(unblockVisitor, { id: visitor.id }), t('visitor.unblockedDone'))}
            >
              {t('visitor.unblock')}
            </button>
          </div>
        </div>
      ) : (
        <form className={ui.form} onSubmit={block} noValidate>
          <p className={ui.hint}>{t('visitor.blockHint')}</p>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="visitor-block-reason">
              {t('visitor.reason')}
            </label>
            <textarea
              id="visitor-block-reason"
              name="reason"
              className={`${ui.input} ${styles.note}`}
              maxLength={VISITOR_LIMITS.reason}
              required
              aria-describedby="visitor-block-reason-hint"
            />
            <p id="visitor-block-reason-hint" className={ui.hint}>
              {t('visitor.reasonHint')}
            </p>
          </div>
          <div className={ui.actions}>
            <button type="submit" className={`${ui.button} ${ui.danger}`} disabled={busy}>
              {t('visitor.block')}
            </button>
          </div>
        </form>
      )}
      {error ? (
        <p className={ui.alert} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}
