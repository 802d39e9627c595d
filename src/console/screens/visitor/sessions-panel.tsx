import { useTranslation } from 'react-i18next'
import { endVisitorSessions, type VisitorDetail } from '../../../api/console-visitors.ts'
import { useConsoleShell } from '../../console-state.ts'
import { describeDevice } from '../../lib/device.ts'
import { formatDateTime } from '../../lib/format.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import { Alert } from '../../ui/form-end.tsx'
import { useAction } from '../../ui/use-action.ts'
import { Panel } from '../../ui/panel.tsx'

type Session = VisitorDetail['sessions'][number]

/** The visitor's live sessions, each with its browser and address, and a way to sign out one or all. */
export function SessionsPanel({ visitor, onDone }: { visitor: VisitorDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const { busy, error, run } = useAction()
  const end = (sessionId?: string) =>
    run(async () => {
      const answer = await client.call(endVisitorSessions, { id: visitor.id, ...(sessionId ? { sessionId } : {}) })
      onDone(t('visitor.sessionsEnded', { count: answer.ended }))
    })

  const device = (session: Session) => (session.userAgent ? describeDevice(session.userAgent) : t(`visitor.kinds.${session.kind}`))
  const columns: Array<Column<Session>> = [
    {
      header: t('visitor.device'),
      cell: (session) => (
        <>
          <span title={session.userAgent}>{device(session)}</span>
          <div className={ui.muted}>{t('visitor.since', { when: formatDateTime(session.createdAt, language) })}</div>
        </>
      ),
    },
    { header: t('visitor.address'), cell: (session) => <span className={ui.mono}>{session.address || '—'}</span> },
    { header: t('visitor.lastSeen'), className: ui.nowrap, cell: (session) => formatDateTime(session.lastSeenAt, language) },
    {
      header: t('visitor.actions'),
      cell: (session) => (
        <button
          type="button"
          className={`${ui.button} ${ui.small}`}
          disabled={busy}
          aria-label={t('visitor.endOneLabel', { device: device(session) })}
          onClick={() => void end(session.id)}
        >
          {t('visitor.endOne')}
        </button>
      ),
    },
  ]
  return (
    <Panel title={t('visitor.sessions')}>
      <DataTable
        label={t('visitor.sessionsTable')}
        columns={columns}
        rows={visitor.sessions}
        rowKey={(session) => session.id}
        empty={t('visitor.noSessions')}
      />
      {visitor.sessions.length ? (
        <div className={ui.actions}>
          <button type="button" className={ui.button} disabled={busy} onClick={() => void end()}>
            {t('visitor.endAll')}
          </button>
        </div>
      ) : null}
      <Alert message={error} />
    </Panel>
  )
}
