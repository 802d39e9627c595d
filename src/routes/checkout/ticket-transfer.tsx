import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { cancelTransfer, transferTicket } from '../../api/tickets.ts'
import { useGateway } from '../../app-state.ts'
import { useToast } from '../../components/toast/toast.tsx'
import { ATTENDEE_LIMITS } from '../../../shared/rules/tickets.ts'
import { ActionButton, ActionError } from './action-button.tsx'
import { checkoutStyles as ui } from './checkout-page.tsx'
import { TextField } from './form-fields.tsx'
import { fieldText } from './refusal.ts'
import styles from './ticket-answers.module.css'
import { useOrderAction } from './use-order-action.ts'

type Field = 'email' | 'message'

/**
 * "Transfer this ticket" (docs/product.md#ticket-transfer), for the buyer on the order page and the holder
 * under "Tickets in your name": the recipient's address and a message; once sent, the offer waiting
 * with its deadline and "Cancel transfer" until the recipient accepts.
 */
export function TicketTransfer({
  orderNumber,
  position,
  holder,
  open,
  pending,
}: {
  orderNumber: string
  position: number
  holder: string
  /** The ticket may be handed on now (paid, before the cut-off, live, not used at the door, no offer waiting). */
  open: boolean
  /** The offer waiting, with its deadline as the venue's clock reads it. */
  pending: { recipientEmail: string; until: string } | null
}) {
  const { t } = useTranslation('tickets')
  const gateway = useGateway()
  const toast = useToast()
  const revalidator = useRevalidator()
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState({ email: '', message: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const action = useOrderAction({
    onRefusal: (refusal) => {
      const fields = Object.fromEntries(Object.entries(refusal.fields).filter(([field]) => field === 'email' || field === 'message'))
      if (!Object.keys(fields).length) return false
      setErrors(fields)
      return true
    },
  })
  const idOf = (field: Field) => `transfer-${orderNumber}-${position}-${field}`

  if (pending)
    return (
      <div className={ui.actions} data-testid="transfer-pending">
        <p className={ui.muted}>{t('transfer.waiting', { email: pending.recipientEmail, time: pending.until })}</p>
        <ActionButton
          pending={action.pending}
          className={ui.secondary}
          onClick={() =>
            action.run(async () => {
              await gateway.call(cancelTransfer, { orderNumber, position })
              toast.show(t('transfer.withdrawn'), { tone: 'success' })
              await revalidator.revalidate()
            })
          }
        >
          {t('transfer.withdraw')}
        </ActionButton>
        <ActionError text={action.error} />
      </div>
    )
  if (!open) return null

  const send = () =>
    action.run(async () => {
      const answer = await gateway.call(transferTicket, { orderNumber, position, email: values.email, message: values.message })
      setErrors({})
      setEditing(false)
      setValues({ email: '', message: '' })
      toast.show(t('transfer.sent', { email: answer.recipientEmail }), { tone: 'success' })
      await revalidator.revalidate()
    })

  if (!editing)
    return (
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} aria-label={t('transfer.openFor', { name: holder })} onClick={() => setEditing(true)}>
          {t('transfer.open')}
        </button>
      </div>
    )
  return (
    <form
      className={styles.edit}
      aria-label={t('transfer.openFor', { name: holder })}
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
      noValidate
    >
      <TextField
        id={idOf('email')}
        type="email"
        label={t('transfer.email')}
        value={values.email}
        autoComplete="off"
        maxLength={ATTENDEE_LIMITS.email}
        error={errors.email ? fieldText(t, errors.email) : undefined}
        onChange={(email) => {
          action.setError(null)
          setValues((current) => ({ ...current, email }))
        }}
      />
      <TextField
        id={idOf('message')}
        label={t('transfer.message')}
        value={values.message}
        optional
        multiline
        maxLength={520}
        error={errors.message ? fieldText(t, errors.message) : undefined}
        onChange={(message) => setValues((current) => ({ ...current, message }))}
      />
      <p className={ui.muted}>{t('transfer.note')}</p>
      <ActionError text={action.error} />
      <div className={ui.actions}>
        <ActionButton pending={action.pending} className={ui.primary}>
          {t('transfer.send')}
        </ActionButton>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => {
            setEditing(false)
            setErrors({})
          }}
        >
          {t('transfer.close')}
        </button>
      </div>
    </form>
  )
}
