import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { changeMyAttendee } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { useToast } from '../../components/toast/toast.tsx'
import { displayName } from '../../../shared/rules/names.ts'
import { ATTENDEE_LIMITS } from '../../../shared/rules/tickets.ts'
import { ActionButton, ActionError } from './action-button.tsx'
import { checkoutStyles as ui } from './checkout-page.tsx'
import { TextField } from './form-fields.tsx'
import { fieldText } from './refusal.ts'
import styles from './ticket-answers.module.css'
import { useOrderAction } from './use-order-action.ts'

type Field = 'firstName' | 'lastName' | 'company' | 'jobTitle'

/** The ticket's attendee as the buyer's order page and the holder's list both have it. */
export interface AttendeeOnTicket {
  firstName: string
  lastName: string
  company: string
  jobTitle: string
  email: string
}

/** Chinese and Japanese forms ask for the family name first, as their readers write names (docs/product.md#names). */
const FAMILY_NAME_FIRST = /^(zh|ja)/

/**
 * My tickets: the buyer or the holder corrects the name, company and position on a ticket until the
 * cut-off (docs/product.md#attendee-changes). A new name re-issues the ticket, and the form says so
 * before it is sent: the QR code shown until now stops working.
 */
export function AttendeeDetails({
  orderNumber,
  position,
  attendee,
  open,
}: {
  orderNumber: string
  position: number
  attendee: AttendeeOnTicket | undefined
  /** Before the cut-off, on a ticket that can still change. */
  open: boolean
}) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const toast = useToast()
  const revalidator = useRevalidator()
  const saved = {
    firstName: attendee?.firstName ?? '',
    lastName: attendee?.lastName ?? '',
    company: attendee?.company ?? '',
    jobTitle: attendee?.jobTitle ?? '',
  }
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState(saved)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const action = useOrderAction({
    onRefusal: (refusal) => {
      const fields = Object.fromEntries(Object.entries(refusal.fields).filter(([field]) => field in saved)) as Partial<Record<Field, string>>
      if (!Object.keys(fields).length) return false
      setErrors(fields)
      return true
    },
  })
  if (!attendee || !open) return null
  const name = displayName({ first: attendee.firstName, last: attendee.lastName })
  const idOf = (field: Field) => `ticket-${orderNumber}-${position}-${field}`
  const field = (key: Field, limit: number, optional = false) => (
    <TextField
      key={key}
      id={idOf(key)}
      label={t(`attendees.${key}`)}
      value={values[key]}
      error={errors[key] ? fieldText(t, errors[key]) : undefined}
      maxLength={limit + 20}
      optional={optional}
      onChange={(value) => {
        action.setError(null)
        setValues((current) => ({ ...current, [key]: value }))
      }}
    />
  )
  const names = [field('firstName', ATTENDEE_LIMITS.firstName), field('lastName', ATTENDEE_LIMITS.lastName)]

  const save = () =>
    action.run(async () => {
      const answer = await gateway.call(changeMyAttendee, { orderNumber, position, ...values })
      setErrors({})
      setEditing(false)
      toast.show(t(answer.reissued ? 'attendeeChange.reissued' : 'attendeeChange.saved'), { tone: 'success' })
      await revalidator.revalidate()
    })

  if (!editing)
    return (
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.secondary}
          aria-label={t('attendeeChange.openFor', { name })}
          onClick={() => {
            setValues(saved)
            setEditing(true)
          }}
        >
          {t('attendeeChange.open')}
        </button>
      </div>
    )
  return (
    <form
      className={styles.edit}
      aria-label={t('attendeeChange.openFor', { name })}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      noValidate
    >
      {FAMILY_NAME_FIRST.test(site.lang) ? names.reverse() : names}
      {field('company', ATTENDEE_LIMITS.company, true)}
      {field('jobTitle', ATTENDEE_LIMITS.jobTitle, true)}
      <p className={ui.muted}>{t('attendeeChange.note', { email: attendee.email })}</p>
      <ActionError text={action.error} />
      <div className={ui.actions}>
        <ActionButton pending={action.pending} className={ui.primary}>
          {t('attendeeChange.save')}
        </ActionButton>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => {
            setEditing(false)
            setErrors({})
          }}
        >
          {t('attendeeChange.cancel')}
        </button>
      </div>
    </form>
  )
}
