import { useTranslation } from 'react-i18next'
import { blockVisitor, unblockVisitor, type VisitorDetail } from '../../../api/console-visitors.ts'
import { VISITOR_LIMITS } from '../../../../shared/rules/console-visitors.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import ui from '../../ui/ui.module.css'
import { Alert, FormEnd } from '../../ui/form-end.tsx'
import { TextAreaField } from '../../ui/text-field.tsx'
import { useAction } from '../../ui/use-action.ts'
import { FormMessage } from '../../ui/use-error-text.ts'
import { textOf, useFormCall } from '../../ui/use-form-call.ts'
import detail from '../../ui/facts.module.css'
import styles from './visitor.module.css'
import { Panel } from '../../ui/panel.tsx'

/** Block with a reason (sessions end, sign-in refused), or lift the block. */
export function BlockPanel({ visitor, onDone }: { visitor: VisitorDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const { busy, error, run } = useAction()
  const blocking = useFormCall(
    async (form) => {
      const reason = textOf(form, 'reason')
      if (!reason) throw new FormMessage(t('visitor.reasonRequired'))
      await client.call(blockVisitor, { id: visitor.id, reason })
    },
    () => onDone(t('visitor.blockedDone')),
  )

  return (
    <Panel title={t(visitor.block ? 'visitor.blockedTitle' : 'visitor.blockTitle')}>
      {visitor.block ? (
        <div className={detail.stack}>
          <p>{t('visitor.blockedSince', { when: formatDateTime(visitor.block.at, language) })}</p>
          <p className={styles.quote}>{visitor.block.reason}</p>
          <div className={ui.actions}>
            <button
              type="button"
              className={ui.button}
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await client.call(unblockVisitor, { id: visitor.id })
                  onDone(t('visitor.unblockedDone'))
                })
              }
            >
              {t('visitor.unblock')}
            </button>
          </div>
        </div>
      ) : (
        <form className={ui.form} onSubmit={(event) => void blocking.submit(event)} noValidate>
          <p className={ui.hint}>{t('visitor.blockHint')}</p>
          <TextAreaField
            label={t('visitor.reason')}
            hint={t('visitor.reasonHint')}
            name="reason"
            className={styles.note}
            maxLength={VISITOR_LIMITS.reason}
            required
          />
          <FormEnd message={blocking.message} busy={blocking.busy} save={t('visitor.block')} danger />
        </form>
      )}
      <Alert message={error} />
    </Panel>
  )
}
