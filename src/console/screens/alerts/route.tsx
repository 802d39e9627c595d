import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData, useRevalidator } from 'react-router'
import { type ConsoleScamAlert, scamAlertList, withdrawScamAlert } from '../../../api/console-alerts.ts'
import { ALERT_LIMITS, ALERT_STATES, CHANNEL_KINDS } from '../../../../shared/rules/verification.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { type ListData, listLoader } from '../../screen-kit.ts'
import type { Column } from '../../ui/data-table.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { Alert } from '../../ui/form-end.tsx'
import { type FiltersOfQuery, listQuery, oneOf, searchFilter } from '../../ui/list-query.ts'
import { ListScreen } from '../../ui/list-screen.tsx'
import ui from '../../ui/ui.module.css'
import { useAction } from '../../ui/use-action.ts'
import { AlertForm } from './alert-form.tsx'

const alertQuery = listQuery(
  {
    search: searchFilter(ALERT_LIMITS.search),
    kind: { param: 'kind', rule: oneOf(CHANNEL_KINDS), field: { kind: 'choice', label: 'kindLabel', any: 'anyKind' } },
    // `all` is read from an address as every alert, but the form offers the two states and its "any".
    state: {
      param: 'state',
      rule: oneOf(ALERT_STATES),
      field: { kind: 'choice', label: 'stateLabel', any: 'anyState', values: ['live', 'withdrawn'], option: 'states' },
    },
  },
  { pageSize: 25, maxPage: 100_000 },
)

type Owners = Array<{ companyId: number; name: string }>
type AlertsData = ListData<FiltersOfQuery<typeof alertQuery>, { rows: ConsoleScamAlert[]; total: number; owners: Owners }>

/** One page of the alerts, searched and filtered on the server. */
export const loader = listLoader(alertQuery, scamAlertList, (filters) => alertQuery.payload(filters))

type Editing = { alert: ConsoleScamAlert | null } | null

function useColumns(onEdit: (alert: ConsoleScamAlert) => void, onWithdraw: (alert: ConsoleScamAlert) => void): Array<Column<ConsoleScamAlert>> {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return [
    {
      header: t('alerts.channel'),
      cell: (row) => (
        <>
          <div>{row.display}</div>
          <div className={ui.muted}>{t(`register.kinds.${row.kind}`)}</div>
        </>
      ),
    },
    { header: t('alerts.impersonates'), cell: (row) => row.impersonates?.name ?? t('alerts.brand') },
    { header: t('alerts.firstSeen'), className: ui.nowrap, cell: (row) => row.firstSeen },
    { header: t('alerts.published'), className: ui.nowrap, cell: (row) => formatDateTime(row.publishedAt, language) },
    {
      header: t('alerts.stateLabel'),
      cell: (row) =>
        row.withdrawnAt ? (
          <span className={`${ui.badge} ${ui.badgeOff}`}>{t('alerts.withdrawnOn', { at: formatDateTime(row.withdrawnAt, language) })}</span>
        ) : (
          <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('alerts.states.live')}</span>
        ),
    },
    {
      header: t('alerts.actions'),
      cell: (row) => (
        <div className={ui.actions}>
          <button type="button" className={ui.button} onClick={() => onEdit(row)}>
            {row.withdrawnAt ? t('alerts.republish') : t('alerts.edit')}
          </button>
          {row.withdrawnAt ? null : (
            <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => onWithdraw(row)}>
              {t('alerts.withdraw')}
            </button>
          )}
        </div>
      ),
    },
  ]
}

/**
 * Public scam alerts (docs/product.md#scam-alerts): the channels the verifier confirmed as scams, live and
 * withdrawn; publish one by hand, change it, withdraw it, publish it again.
 */
export function Component() {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const data = useLoaderData() as AlertsData
  const { page } = data
  const revalidator = useRevalidator()
  const [editing, setEditing] = useState<Editing>(null)
  const [withdrawing, setWithdrawing] = useState<ConsoleScamAlert | null>(null)
  const [notice, setNotice] = useState('')
  const action = useAction()
  const changed = async (message: string) => {
    await revalidator.revalidate()
    setNotice(message)
  }
  const columns = useColumns(
    (alert) => setEditing({ alert }),
    (alert) => setWithdrawing(alert),
  )
  return (
    <ListScreen
      words="alerts"
      data={data}
      query={alertQuery}
      actions={
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setEditing({ alert: null })}>
          {t('alerts.publish')}
        </button>
      }
      options={{ kind: CHANNEL_KINDS.map((kind) => ({ value: kind, label: t(`register.kinds.${kind}`) })) }}
      columns={columns}
      rowKey={(row) => row.id}
      times
    >
      <p role="status" className={notice ? ui.success : 'visually-hidden'}>
        {notice}
      </p>
      <Alert message={action.error} />
      {editing ? (
        <AlertForm
          alert={editing.alert}
          owners={page.owners}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            void changed(t('alerts.saved', { value: saved.display }))
          }}
        />
      ) : null}
      {withdrawing ? (
        <ConfirmDialog
          title={t('alerts.withdrawTitle', { value: withdrawing.display })}
          message={t('alerts.withdrawText')}
          confirmLabel={t('alerts.withdraw')}
          danger
          onClose={() => setWithdrawing(null)}
          onConfirm={() =>
            action.run(async () => {
              const done = await client.call(withdrawScamAlert, { id: withdrawing.id })
              setWithdrawing(null)
              await changed(t('alerts.withdrawn', { value: done.display }))
            })
          }
        />
      ) : null}
    </ListScreen>
  )
}
