import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LeadCaptureView, leadCapture, setLeadCapture } from '../../../api/console-leads.ts'
import { mayCall } from '../../../../shared/rules/console-access.ts'
import { useConsoleShell, useMember } from '../../console-state.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import styles from './lead-capture.module.css'

type Row = LeadCaptureView['exhibitors'][number]

/**
 * Lead capture at the chosen exhibition (docs/product.md#leads): the organiser's switch, which managers
 * flip and the desk reads, and how many leads and scans each exhibitor has. Counts only: who was
 * scanned stays with the exhibitor. Loaded after the list, so the list's first visit does not carry it.
 */
export default function LeadCapture({ exhibitionId }: { exhibitionId: number }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const member = useMember()
  const errorText = useErrorText()
  const [view, setView] = useState<LeadCaptureView | null>(null)
  const [busy, setBusy] = useState(false)
  // The refusal itself, translated when shown.
  const [problem, setProblem] = useState<unknown>(null)
  const [status, setStatus] = useState('')

  useEffect(() => {
    let current = true
    client.call(leadCapture, { exhibitionId }).then(
      (next) => current && setView(next),
      (error: unknown) => current && setProblem(error),
    )
    return () => {
      current = false
    }
  }, [client, exhibitionId])

  const flip = async () => {
    if (!view) return
    setBusy(true)
    setProblem(null)
    try {
      const next = await client.call(setLeadCapture, { exhibitionId, enabled: !view.enabled })
      setView(next)
      setStatus(t(next.enabled ? 'leadCapture.switchedOn' : 'leadCapture.switchedOff'))
    } catch (error) {
      setProblem(error)
    } finally {
      setBusy(false)
    }
  }

  const columns: Array<Column<Row>> = [
    { header: t('leadCapture.company'), cell: (row) => row.name },
    { header: t('leadCapture.leads'), className: ui.nowrap, cell: (row) => row.leads },
    { header: t('leadCapture.scans'), className: ui.nowrap, cell: (row) => row.scans },
  ]
  return (
    <section className={ui.panel} aria-labelledby="lead-capture-title" id="lead-capture">
      <h2 id="lead-capture-title" className={ui.panelTitle}>
        {t('leadCapture.title')}
      </h2>
      {view ? (
        <>
          <p>
            <span className={`${ui.badge} ${view.enabled ? ui.badgeGood : ui.badgeOff}`}>{t(view.enabled ? 'leadCapture.on' : 'leadCapture.off')}</span>{' '}
            {t(view.enabled ? 'leadCapture.onLead' : 'leadCapture.offLead')}
          </p>
          <p className={ui.hint}>{t('leadCapture.packageHint')}</p>
          {mayCall(member.roles, 'setLeadCapture') ? (
            <div className={ui.actions}>
              <button type="button" className={`${ui.button} ${view.enabled ? '' : ui.primary}`} disabled={busy} aria-busy={busy} onClick={() => void flip()}>
                {t(view.enabled ? 'leadCapture.switchOff' : 'leadCapture.switchOn')}
              </button>
            </div>
          ) : (
            <p className={ui.hint}>{t('leadCapture.managersSwitch')}</p>
          )}
          <p className={status ? ui.success : 'visually-hidden'} role="status">
            {status}
          </p>
          {/* Folded: the list below names the same exhibitors, and this is asked for now and then. */}
          <details className={styles.counts}>
            <summary>{t('leadCapture.counts')}</summary>
            <DataTable
              label={t('leadCapture.counts')}
              columns={columns}
              rows={view.exhibitors}
              rowKey={(row) => row.exhibitorId}
              empty={t('leadCapture.empty')}
            />
          </details>
        </>
      ) : problem ? null : (
        <p className={ui.hint}>{t('leadCapture.loading')}</p>
      )}
      {problem ? (
        <p className={ui.alert} role="alert">
          {errorText(problem)}
        </p>
      ) : null}
    </section>
  )
}
