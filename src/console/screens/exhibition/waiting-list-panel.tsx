import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  offerWaitingEntry,
  removeWaitingEntry,
  type StaffWaitingEntry,
  saveWaitingHours,
  type WaitingListView,
  waitingList,
} from '../../../api/console-waiting-list.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { Alert, FormEnd } from '../../ui/form-end.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useAction } from '../../ui/use-action.ts'
import { textOf, useFormCall } from '../../ui/use-form-call.ts'

const LIVE = new Set(['waiting', 'offered'])

/**
 * A ticket type's waiting list (docs/product.md#waiting-list), opened from its row: the line in order,
 * then the entries that ended; offer seats to an entry by hand (out of line if need be), remove one,
 * and set how long the exhibition's offers hold their seats. Every change is audited on the server.
 * Loaded on the click, so the exhibition screen's first visit stays within its budget.
 */
export function WaitingListPanel({ ticketTypeId, onClose }: { ticketTypeId: number; onClose(): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const [view, setView] = useState<WaitingListView | null>(null)
  const [failed, setFailed] = useState('')
  const action = useAction()
  useEffect(() => {
    void client.call(waitingList, { ticketTypeId }).then(setView, () => setFailed(t('errors.unexpected')))
  }, [client, ticketTypeId, t])
  return (
    <section className={ui.panel} aria-labelledby="waiting-list-title" aria-busy={view === null}>
      <h3 id="waiting-list-title" className={ui.panelTitle}>
        {view ? t('waitingList.title', { type: view.type.name }) : t('catalog.loading')}
      </h3>
      <Alert message={failed || action.error} />
      {view ? <WaitingList view={view} onChange={setView} action={action} /> : null}
      <div>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={onClose}>
          {t('catalog.close')}
        </button>
      </div>
    </section>
  )
}

function WaitingList({ view, onChange, action }: { view: WaitingListView; onChange(view: WaitingListView): void; action: ReturnType<typeof useAction> }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const setView = onChange
  const [status, setStatus] = useState('')
  const [removing, setRemoving] = useState<StaffWaitingEntry | null>(null)
  const hours = useFormCall(
    (form) => client.call(saveWaitingHours, { ticketTypeId: view.type.id, offerHours: Number(textOf(form, 'offerHours')) }),
    (next) => {
      setView(next)
      setStatus(t('waitingList.hoursSaved'))
    },
    { words: 'waitingList', values: { offerHours: view.offerHours } },
  )
  const offer = (entry: StaffWaitingEntry) =>
    action.run(async () => {
      setView(await client.call(offerWaitingEntry, { entryId: entry.id }))
      setStatus(t('waitingList.offeredStatus', { email: entry.email }))
    })
  const stateText = (entry: StaffWaitingEntry) =>
    entry.state === 'offered'
      ? t('waitingList.offeredUntil', { count: entry.offeredQuantity ?? entry.quantity, until: formatDateTime(entry.offerUntil, language) })
      : t(`waitingList.states.${entry.state}`)
  const columns: Array<Column<StaffWaitingEntry>> = [
    {
      header: t('waitingList.who'),
      cell: (entry) => (
        <>
          {entry.name}
          <div className={ui.muted}>{entry.email}</div>
        </>
      ),
    },
    { header: t('waitingList.quantity'), cell: (entry) => entry.quantity },
    { header: t('waitingList.joined'), className: ui.nowrap, cell: (entry) => formatDateTime(entry.joinedAt, language) },
    {
      header: t('waitingList.state'),
      cell: (entry) => (
        <>
          {stateText(entry)}
          {entry.offeredByHand ? <div className={ui.muted}>{t('waitingList.byHand')}</div> : null}
        </>
      ),
    },
    {
      header: t('waitingList.actions'),
      actions: true,
      cell: (entry) =>
        LIVE.has(entry.state) ? (
          <div className={ui.actions}>
            {entry.state === 'waiting' ? (
              <button type="button" className={`${ui.button} ${ui.small}`} disabled={action.busy} onClick={() => offer(entry)}>
                {t('waitingList.offer', { email: entry.email })}
              </button>
            ) : null}
            <button type="button" className={`${ui.button} ${ui.small}`} disabled={action.busy} onClick={() => setRemoving(entry)}>
              {t('waitingList.remove', { email: entry.email })}
            </button>
          </div>
        ) : null,
    },
  ]
  return (
    <>
      <p className={ui.muted}>{t('waitingList.lead', { capacity: view.type.capacity, reserved: view.type.reserved })}</p>
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <DataTable label={t('waitingList.entries')} columns={columns} rows={view.entries} rowKey={(entry) => entry.id} empty={t('waitingList.empty')} />
      <form onSubmit={hours.submit} noValidate>
        <TextField {...hours.field('offerHours')} type="number" inputMode="numeric" min={1} max={168} hint={t('waitingList.hoursHint')} required />
        <FormEnd message={hours.message} busy={hours.busy} save={t('waitingList.saveHours')} />
      </form>
      {removing ? (
        <ConfirmDialog
          title={t('waitingList.removeTitle')}
          message={t('waitingList.removeMessage', { email: removing.email })}
          confirmLabel={t('waitingList.removeConfirm')}
          danger
          onConfirm={() =>
            action.run(async () => {
              setView(await client.call(removeWaitingEntry, { entryId: removing.id }))
              setStatus(t('waitingList.removed', { email: removing.email }))
            })
          }
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  )
}
