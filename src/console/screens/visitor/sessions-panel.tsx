import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { endVisitorSessions, type VisitorDetail } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { describeDevice } from '../../lib/device.ts'
import { formatDateTime } from '../../lib/format.ts'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'

/** The visitor's live sessions, each with its browser and address, and a way to sign out one or all. */
export function SessionsPanel({ visitor, onDone }: { visitor: VisitorDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  async function end(sessionId?: string) {
    setBusy(true)
    setError('')
    try {
      const answer = await client.call(endVisitorSessions, { id: visitor.id, ...(sessionId ? { sessionId } : {}) })
      onDone(t('visitor.sessionsEnded', { count: answer.ended }))
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={ui.panel} aria-labelledby="visitor-sessions-title">
      <h2 id="visitor-sessions-title" className={ui.panelTitle}>
        {t('visitor.sessions')}
      </h2>
      {visitor.sessions.length ? (
        <>
          <TableFrame label={t('visitor.sessionsTable')}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">{t('visitor.device')}</th>
                  <th scope="col">{t('visitor.address')}</th>
                  <th scope="col">{t('visitor.lastSeen')}</th>
                  <th scope="col">{t('visitor.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {visitor.sessions.map((session) => {
                  const device = session.userAgent ? describeDevice(session.userAgent) : t(`visitor.kinds.${session.kind}`)
                  return (
                    <tr key={session.id}>
                      <td>
                        <span title={session.userAgent}>{device}</span>
                        <div className={ui.muted}>{t('visitor.since', { when: formatDateTime(session.createdAt, language) })}</div>
                      </td>
                      <td className={ui.mono}>{session.address || '—'}</td>
                      <td className={ui.nowrap}>{formatDateTime(session.lastSeenAt, language)}</td>
                      <td>
                        <button
                          type="button"
                          className={`${ui.button} ${ui.small}`}
                          disabled={busy}
                          aria-label={t('visitor.endOneLabel', { device })}
                          onClick={() => void end(session.id)}
                        >
                          {t('visitor.endOne')}
                        </button>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </TableFrame>
          <div className={ui.actions}>
            <button type="button" className={ui.button} disabled={busy} onClick={() => void end()}>
              {t('visitor.endAll')}
            </button>
          </div>
        </>
      ) : (
        <p className={ui.muted}>{t('visitor.noSessions')}</p>
      )}
      {error ? (
        <p className={ui.alert} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}
