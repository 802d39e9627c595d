import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ConsoleOrderDetail, cancelOrder, refundOrder } from '../../../api/console-orders.ts'
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatMoney } from '../../lib/money.ts'
import ui from '../../ui/ui.module.css'
import styles from './order.module.css'
import { OrderDialog } from './order-dialog.tsx'
import { displayName } from '../../../../shared/rules/names.ts'

interface MoneyDialogProps {
  order: ConsoleOrderDetail
  onClose(): void
  onDone(order: ConsoleOrderDetail, message: string): void
}

/** Cancel, with or without giving back what may still be refunded; the amount is shown before confirming. */
export function CancelDialog({ order, onClose, onDone }: MoneyDialogProps) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const refundable = order.refundableMinor > 0
  const [refund, setRefund] = useState(refundable)
  const amount = formatMoney(order.refundableMinor, order.currency, language)
  return (
    <OrderDialog
      title={t('order.cancelTitle', { number: order.number })}
      submitLabel={refund ? t('order.cancelAndRefund', { amount }) : t('order.cancelOnly')}
      danger
      onClose={onClose}
      onSubmit={async () => {
        const answer = await client.call(cancelOrder, { number: order.number, refund })
        onDone(answer.order, t('order.cancelledDone', { number: order.number }))
      }}
    >
      <p>{t(order.state === 'paid' ? 'order.cancelPaidText' : 'order.cancelPendingText')}</p>
      {refundable ? (
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('order.refundQuestion')}</legend>
          <label className={ui.choice}>
            <input type="radio" name="refund" checked={refund} onChange={() => setRefund(true)} />
            {t('order.withRefund', { amount })}
          </label>
          <label className={ui.choice}>
            <input type="radio" name="refund" checked={!refund} onChange={() => setRefund(false)} />
            {t('order.withoutRefund')}
          </label>
        </fieldset>
      ) : null}
      <p className={ui.hint}>{t('order.buyerMailed', { language: order.locale })}</p>
    </OrderDialog>
  )
}

/**
 * Refund the whole order or chosen tickets. One idempotency key per opened dialog: a double click
 * or a retry after a timeout asks for the same refund, and the platform makes it once.
 */
export function RefundDialog({ order, onClose, onDone }: MoneyDialogProps) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const key = useMemo(() => newIdempotencyKey(), [])
  const open = order.attendees.flatMap((attendee) => (attendee.ticket && !attendee.ticket.refunded ? [{ attendee, ticket: attendee.ticket }] : []))
  // Nothing is ticked at first: money goes back only for tickets the member chose.
  const [chosen, setChosen] = useState<string[]>([])
  const all = chosen.length === open.length
  const sum = all ? order.refundableMinor : open.filter((row) => chosen.includes(row.ticket.id)).reduce((total, row) => total + row.ticket.refundMinor, 0)
  const amount = formatMoney(Math.min(sum, order.refundableMinor), order.currency, language)
  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((one) => one !== id) : [...now, id]))
  return (
    <OrderDialog
      title={t('order.refundTitle', { number: order.number })}
      submitLabel={t('order.refundConfirm', { amount })}
      danger
      disabled={open.length > 0 && !chosen.length}
      onClose={onClose}
      onSubmit={async () => {
        const answer = await client.call(refundOrder, { number: order.number, ticketIds: all ? null : chosen, idempotencyKey: key })
        onDone(answer.order, t('order.refundRequested', { amount }))
      }}
    >
      {open.length ? (
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('order.refundWhich')}</legend>
          {open.map(({ attendee, ticket }) => (
            <label key={ticket.id} className={ui.choice}>
              <input type="checkbox" checked={chosen.includes(ticket.id)} onChange={() => toggle(ticket.id)} />
              {`${displayName({ first: attendee.firstName, last: attendee.lastName })} · ${ticket.typeName} · ${formatMoney(ticket.refundMinor, order.currency, language)}`}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className={styles.sum}>{t('order.refundSum', { amount })}</p>
      <p className={ui.hint}>{t('order.refundLeft', { amount: formatMoney(order.refundableMinor, order.currency, language) })}</p>
      <p className={ui.hint}>{t('order.refundHow')}</p>
      {order.booth ? <p className={ui.hint}>{t('order.boothStaysSold', { number: order.booth.number })}</p> : null}
    </OrderDialog>
  )
}
