import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { type ConsoleOrderDetail, orderDetail } from '../../../api/console-orders.ts'
import { mayCall, mayDownloadBadges } from '../../../../shared/rules/console-access.ts'
import { useMember } from '../../console-state.ts'
import { ORDERS_PATH } from '../../lib/order-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { AttendeeEditor } from './attendee-editor.tsx'
import { AttendeeTable } from './attendee-table.tsx'
import { CancelDialog, RefundDialog } from './money-dialogs.tsx'
import styles from './order.module.css'
import { OrderDocuments } from './order-documents.tsx'
import { OrderFacts } from './order-facts.tsx'
import { MailRecord, MoneyRecord, OrderHistory } from './order-record.tsx'
import { ResendDialog } from './resend-dialog.tsx'
import { Panel } from '../../ui/panel.tsx'

export async function loader(args: LoaderFunctionArgs): Promise<{ order: ConsoleOrderDetail }> {
  return staffCall(args, orderDetail, { number: args.params.number ?? '' })
}

type Attendee = ConsoleOrderDetail['attendees'][number]
type Open = { kind: 'cancel' } | { kind: 'refund' } | { kind: 'attendee'; attendee: Attendee } | { kind: 'resend'; attendee?: Attendee } | null

/** One order with its full history, and what the member's roles let them do to it (docs/product.md#console-orders). */
export function Component() {
  const { t } = useTranslation()
  const { roles } = useMember()
  const { order } = useLoaderData() as { order: ConsoleOrderDetail }
  const revalidator = useRevalidator()
  const [open, setOpen] = useState<Open>(null)
  const [status, setStatus] = useState('')
  const may = (name: 'cancelOrder' | 'refundOrder' | 'changeAttendee' | 'resendTickets') => mayCall(roles, name)

  // The status line comes once the order shown is the one the action left: what staff read beside it,
  // and what they do next, starts from there.
  const done = async (_order: ConsoleOrderDetail, text: string) => {
    setOpen(null)
    await revalidator.revalidate()
    setStatus(text)
  }
  const actions = (
    <>
      {may('resendTickets') && order.allowed.resend ? (
        <button type="button" className={ui.button} onClick={() => setOpen({ kind: 'resend' })}>
          {t('order.resend')}
        </button>
      ) : null}
      {may('refundOrder') && order.allowed.refund ? (
        <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => setOpen({ kind: 'refund' })}>
          {t('order.refundAction')}
        </button>
      ) : null}
      {may('cancelOrder') && order.allowed.cancel ? (
        <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => setOpen({ kind: 'cancel' })}>
          {t('order.cancelAction')}
        </button>
      ) : null}
    </>
  )

  return (
    <ConsolePage title={t('order.title', { number: order.number })} lead={order.exhibitionTitle} actions={actions}>
      <p>
        <Link to={ORDERS_PATH}>{t('order.back')}</Link>
      </p>
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <OrderFacts order={order} />
      <div className={styles.main}>
        <section className={styles.stack} aria-labelledby="order-attendees-title">
          <h2 id="order-attendees-title" className={ui.panelTitle}>
            {t('order.attendees')}
          </h2>
          <AttendeeTable
            order={order}
            canEdit={may('changeAttendee') && order.allowed.editAttendees}
            canResend={may('resendTickets') && order.allowed.resend}
            canBadge={mayDownloadBadges(roles)}
            onEdit={(attendee) => setOpen({ kind: 'attendee', attendee })}
            onResend={(attendee) => setOpen({ kind: 'resend', attendee })}
          />
        </section>
        <section className={styles.stack} aria-labelledby="order-money-title">
          <h2 id="order-money-title" className={ui.panelTitle}>
            {t('order.money')}
          </h2>
          <MoneyRecord order={order} />
        </section>
        <OrderDocuments order={order} />
        <Panel title={t('order.history')} className={styles.stack}>
          <OrderHistory order={order} />
          <h3 className={ui.panelTitle}>{t('order.mails')}</h3>
          <MailRecord order={order} />
        </Panel>
      </div>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
      {open?.kind === 'cancel' ? <CancelDialog order={order} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === 'refund' ? <RefundDialog order={order} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === 'resend' ? <ResendDialog order={order} attendee={open.attendee} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === 'attendee' ? <AttendeeEditor order={order} attendee={open.attendee} onClose={() => setOpen(null)} onDone={done} /> : null}
    </ConsolePage>
  )
}
