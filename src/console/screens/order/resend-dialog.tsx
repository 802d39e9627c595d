import { useTranslation } from 'react-i18next'
import { type ConsoleOrderDetail, resendTickets } from '../../../api/console-orders.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import { OrderDialog } from './order-dialog.tsx'

interface ResendDialogProps {
  order: ConsoleOrderDetail
  /** One attendee's e-ticket; none: every attendee's. */
  attendee?: ConsoleOrderDetail['attendees'][number]
  onClose(): void
  onDone(order: ConsoleOrderDetail, message: string): void
}

/** Mails go out to people at once and cannot be called back, so the member confirms whom they go to first. */
export function ResendDialog({ order, attendee, onClose, onDone }: ResendDialogProps) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const people = attendee ? [attendee] : order.attendees.filter((one) => one.ticket && !one.ticket.refunded)
  return (
    <OrderDialog
      title={t('order.resendTitle', { number: order.number })}
      submitLabel={t('order.resendConfirm', { count: people.length })}
      onClose={onClose}
      onSubmit={async () => {
        const answer = await client.call(resendTickets, { number: order.number, ...(attendee ? { attendeeId: attendee.id } : {}) })
        onDone(order, t('order.resent', { count: answer.mails }))
      }}
    >
      <p>{t('order.resendText', { count: people.length })}</p>
      <ul className={ui.hint}>
        {people.map((one) => (
          <li key={one.id}>{`${one.firstName} ${one.lastName} · ${one.email}`}</li>
        ))}
      </ul>
    </OrderDialog>
  )
}
