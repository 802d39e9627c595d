import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { endSession, type StaffSession, sessions } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { describeDevice } from '../../lib/device.ts'
import { formatDateTime } from '../../lib/format.ts'
import { SIGN_IN_PATH } from '../../lib/paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, sessions, {})
}

/** The member's live sessions (docs/product.md#staff-accounts): where and when, this device marked, any of them ended. */
export function Component() {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const { sessions: list } = useLoaderData() as { sessions: StaffSession[] }
  const revalidator = useRevalidator()
  const errorText = useErrorText()
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null)

  const end = async (session: StaffSession) => {
    setStatus(null)
    try {
      await client.call(endSession, { id: session.id })
    } catch (error) {
      return setStatus({ text: errorText(error), failed: true })
    }
    if (session.current) return window.location.assign(SIGN_IN_PATH)
    setStatus({ text: t('sessions.ended'), failed: false })
    await revalidator.revalidate()
  }

  return (
    <ConsolePage title={t('sessions.title')} lead={t('sessions.lead')}>
      <p className={status?.failed ? ui.alert : status ? ui.success : 'visually-hidden'} role="status">
        {status?.text ?? ''}
      </p>
      <TableFrame label={t('sessions.title')}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('sessions.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sessions.device')}</th>
              <th scope="col">{t('sessions.address')}</th>
              <th scope="col">{t('sessions.created')}</th>
              <th scope="col">{t('sessions.lastSeen')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('sessions.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((session) => (
              <tr key={session.id}>
                <td>
                  <span title={session.device}>{session.device ? describeDevice(session.device) : t('sessions.unknownDevice')}</span>{' '}
                  {session.current ? <span className={`${ui.badge} ${ui.badgeGood}`}>{t('sessions.current')}</span> : null}
                </td>
                <td className={ui.mono}>{session.address}</td>
                <td className={ui.nowrap}>{formatDateTime(session.createdAt, language)}</td>
                <td className={ui.nowrap}>{formatDateTime(session.lastSeenAt, language)}</td>
                <td>
                  <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => void end(session)}>
                    {session.current ? t('sessions.endCurrent') : t('sessions.end')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
