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
import { type Column, DataTable } from '../../ui/data-table.tsx'
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
    await revalidator.revalidate()
    setStatus({ text: t('sessions.ended'), failed: false })
  }

  const columns: Array<Column<StaffSession>> = [
    {
      header: t('sessions.device'),
      cell: (session) => (
        <span>
          <span title={session.device}>{session.device ? describeDevice(session.device) : t('sessions.unknownDevice')}</span>{' '}
          {session.current ? <span className={`${ui.badge} ${ui.badgeGood}`}>{t('sessions.current')}</span> : null}
        </span>
      ),
    },
    { header: t('sessions.address'), cell: (session) => <span className={ui.mono}>{session.address}</span> },
    { header: t('sessions.created'), className: ui.nowrap, cell: (session) => formatDateTime(session.createdAt, language) },
    { header: t('sessions.lastSeen'), className: ui.nowrap, cell: (session) => formatDateTime(session.lastSeenAt, language) },
    {
      header: t('sessions.actions'),
      actions: true,
      cell: (session) => (
        <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => void end(session)}>
          {session.current ? t('sessions.endCurrent') : t('sessions.end')}
        </button>
      ),
    },
  ]
  return (
    <ConsolePage title={t('sessions.title')} lead={t('sessions.lead')}>
      <p className={status?.failed ? ui.alert : status ? ui.success : 'visually-hidden'} role="status">
        {status?.text ?? ''}
      </p>
      <DataTable label={t('sessions.title')} columns={columns} rows={list} rowKey={(session) => session.id} />
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
